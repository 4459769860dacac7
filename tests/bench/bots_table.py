"""Regenerate docs/bots.md: every strategy's self-play scores, measured by the simulator.

Usage: .venv/bin/python tests/bench/bots_table.py [--games 2000] [--variant-games 1000]
           [--family-games 2000] [--stranger-games 500] [--threads 2] [--only families|main]

The sections this script writes are replaced; the file's other sections (the bot runner) are
kept. `--only families` measures and replaces the "By variant family" section alone; `--only
main` the strategies' descriptions, the No Variant table, the tables beside strangers and the
comparison with published programs.
"""

import argparse
import os
import platform
import sys
import time

from hanabi.bots import STRATEGIES
from hanabi.bots.simulator import simulate
from hanabi.engine import GameOptions
from hanabi.engine.variants import VARIANTS, family_of
from tables import Row, measure, paired_difference

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "bots.md")
SEED = "bots-table"
VARIANT_PLAYERS = 3
FAMILY_BOTS = ("basic", "hat")
FAMILIES_HEADING = "## By variant family"
MAIN_HEADINGS = ("## No Variant, 2 to 5 players", "## Beside strangers", "## Compared with published programs")
STRANGERS = {"basic": ("hat", "random", "sdk-simple"), "hat": ("basic", "random", "sdk-simple")}
"""Per bot, the partners it meets beside strangers."""
OPTION_SETS = [
    ("No Variant", {}),
    ("6 Suits", {"variant": "6 Suits"}),
    ("Black (6 Suits)", {"variant": "Black (6 Suits)"}),
    ("Rainbow (6 Suits)", {"variant": "Rainbow (6 Suits)"}),
    ("Dark Rainbow (6 Suits)", {"variant": "Dark Rainbow (6 Suits)"}),
    ("all-or-nothing", {"all_or_nothing": True}),
    ("timed display", {"timed_display": True}),
    ("empty clues", {"empty_clues": True}),
]
REFERENCE = """| program | 2p | 3p | 4p | 5p |
|---|---|---|---|---|
| hanabi.rs "info" (20k seeds) | 22.52 / 12.6 | 24.79 / 84.5 | 24.94 / 95.1 | 24.92 / 94.0 |
| SmartBot (Hanabi Challenge paper) | 22.99 | 23.12 | 22.19 | 20.25 |
| WTFWThat (older hanabi.rs) | 19.45 | 24.20 | 24.83 | 24.89 |
| Rainbow DQN agent | 20.64 | 18.71 | 18.00 | 15.26 |"""
TARGETS = {"hat": {2: 23.09, 3: 24.79, 4: 24.94, 5: 24.92}, "basic": {2: 21.0, 3: 22.0, 4: 21.0, 5: 21.0}}
"""hat: the best published non-learning figures (SmartBot at 2 players, hanabi.rs "info" at 3 to 5, which
keep the fireworks after the third strike); basic: the convention bot's targets (issue 33)."""
DESCRIPTIONS = {
    "random": "uniform over the legal actions of its view (a baseline; it strikes out almost always).",
    "basic": (
        "a subset of the H-group's beginner conventions, for tables with people ([conventions.md](conventions.md), "
        "the docstring of `service/hanabi/bots/basic.py`): a clue's focus is the chop (oldest unclued card) when it "
        "newly touches it, else the newest card it newly touches; the focus plays now, or once cards everyone knows "
        "someone holds have played (delayed play clue), or, on the chop, must not be lost (last copy, a 5, or with "
        "a 2 clue while no 2 plays, a 2). Prompts: a clue that is no play or save clue, one rank above a card "
        "that plays, when exactly one clued card not known exactly (outside the giver's hand) may be that card, "
        "makes its holder play it. Finesses on a player between giver and receiver: a clue one rank above a card "
        "that plays, held by no one known, with no prompt fitting, makes the player who holds that card in their "
        "finesse position (newest unclued card) play it blind when the focus is no play or save clue. Good touch: "
        "no clue newly touches a card that can no longer score, a copy of one clued elsewhere, two copies of one "
        "card or a card about to be played blind (a card clued or played blind since still counts), and every "
        "clue narrows what a card it touches was told (never the same clue again). "
        "In the last round it clues only players who still move. A player "
        "plays a finesse on itself; else saves the next player's chop before its own play when that player, "
        "knowing no play and with 1 clue token, would discard the last copy of a card; else plays a card it "
        "knows plays; else saves an endangered chop or gives the clue "
        "that makes most cards known playable (rather to a teammate who knows no play); with 2 or more tokens "
        "any clue that misleads no one; else discards "
        "a card it knows is useless, or its chop. It never discards a clued card it does not know is useless. In "
        "the last round, with a strike to spare, it plays a card that plays with chance >= 0.2. Where a clue only "
        "points at cards (Cow & Pig, Duck), the focus of every clue plays now (no save, no delayed play clue): the "
        "giver gives it only on a card that plays and of which no copy is clued, the cards it touches besides the "
        "focus stay unclued, and a clue touching the chop with every clue token in hand stalls. In Throw It in a "
        "Hole it plays a card only when everyone knows its one identity and that it plays, so every seat knows "
        "what each play into the hole built and no strike is risked; a play clue there names the lowest identity "
        "(suit order) of those it leaves. It watches its teammates for moves these conventions never make (a clue "
        "that tells nothing new or whose focus is no play, save nor finesse, a play of a card they could not know "
        "plays, a discard or a clue with 2 or more tokens while a card of theirs is known to play, a play or save "
        "clue whose card shows it meant something else) and then reads that teammate's clues for what they say "
        "only, never playing blind on a clue it does not understand, and gives no finesse or prompt that needs "
        "that teammate to play a card; a stranger who then plays a card only these conventions said plays is "
        "trusted again for its later clues. It judges its own moves alike, as its teammates would."
    ),
    "hat": (
        "an information (hat-guessing) strategy for all-bot tables, see the docstring of "
        "`service/hanabi/bots/hat.py`. Each clue's (target, touches-the-newest-card, rank or color) encodes a "
        "number modulo the sum over receivers of 3 or 4 (4 when everyone knows the receiver holds two ranks "
        "and two colors): the sum of every receiver's answer to public questions about their hand, asked one "
        "after another while the values last, each from what everyone knows with the answers before it (while "
        "no card is known to play: which card first plays, asking the cards least likely to first, else is the "
        "card everyone expects them to discard critical, else which is dead, each card taking one value and "
        "'none' the rest; else which part of the possible identities of the card of most identities holds it, "
        "the values left over going to the next question). Each receiver recovers "
        "its own answer by subtracting the answers it sees. A player clues whenever a teammate holds a card "
        "that plays and does not know it, so discarding with a clue token tells everyone that their cards not "
        "known to play do not, and when a teammate knowing no card that plays or is dead would discard a "
        "critical card (but in Cow & Pig and Duck; at 2 players before its own play). "
        "Among equivalent clues it gives the one that narrows most. "
        "It plays known "
        "playable cards (first one that makes a teammate's card playable), clues to stall while someone "
        "knows a play or with more than 4 tokens (at 2 players more than 5, and also with 2 cards or fewer in the "
        "deck; at 3 "
        "players or more, while the pace is at least the number of players, it rather discards a card it knows "
        "is dead or one of two cards of its hand it knows are the same card), plays a card that plays or is dead "
        "when it "
        "plays with chance > 0.75 and a strike is to spare (in the last round, any card with chance >= 0.2), and "
        "discards one of two cards it knows are the same card, else the card whose expected loss is least "
        "(nothing for a card a teammate holds a copy of). "
        "In Cow & Pig a clue carries its number through "
        "(target, touches-the-newest-card, moo or oink), its value being hidden; in Duck through (target, "
        "which of the receiver's two newest cards it touches: the newest, else the second newest, else neither) "
        "alone, 3 values per receiver. In Throw It in a Hole, where the cards a hat "
        "clue spoke of are hidden once played, it plays the basic conventions; so it does where the clue a value "
        "needs is often not there to give: where only one kind of clue touches cards, where clue kinds alternate "
        "and where a rank clue also touches cards by color. Beside a partner who does not "
        "play its protocol it notices a move that breaks it (an answer about its own cards that contradicts what "
        "it knew or proves false, a misplay it could not justify, a discard while a teammate misses a play) and "
        "plays the basic conventions from then on."
    ),
}


def row(options: GameOptions, bot: str, games: int, threads: int):
    return simulate(options, bot, games, SEED, threads=threads)


def family_variants() -> list[tuple[str, str]]:
    """(family, its first variant in catalogue order), one per family of the catalogue; the
    reversed suits ("Black Reversed", ...) are one family, as in docs/variants.md."""
    first: dict[str, str] = {}
    for name in VARIANTS:
        family = family_of(name)
        first.setdefault("Reversed" if family.endswith(" Reversed") else family, name)
    return list(first.items())


def families_section(games: int, threads: int) -> list[str]:
    rows = []
    for family, name in family_variants():
        options = GameOptions(players=VARIANT_PLAYERS, variant=name)
        results = [row(options, bot, games, threads) for bot in FAMILY_BOTS]
        rows.append((family, name, results))
        print(f"{family}: {name} done", file=sys.stderr, flush=True)
    out_of = {}
    for _, name, _ in rows:
        out_of.setdefault(VARIANTS[name].max_score, []).append(name)
    usual = max(out_of, key=lambda score: len(out_of[score]))
    others = "; ".join(
        f"{', '.join(names)} out of {score}" for score, names in sorted(out_of.items()) if score != usual
    )
    command = "`.venv/bin/python tests/bench/bots_table.py --only families"
    command += f" --family-games {games} --threads {threads}`" if (games, threads) != (2000, 2) else "`"
    lines = [
        FAMILIES_HEADING,
        "",
        f"The first variant of each family of [variants.md](variants.md) (most score out of {usual}"
        + (f"; {others}" if others else "")
        + f"), {VARIANT_PLAYERS} players, {games} games per cell: `hanabi simulate --players {VARIANT_PLAYERS} "
        f"--bot B --games {games} --seed {SEED} --variant V`; mean ± standard error (% perfect). A game lost by "
        f"strikes scores 0. Regenerate this section alone with {command}; a family added to the catalogue "
        "gets its row. Both bots play only legal moves in every variant "
        "(tests/bots/test_variant_families.py); their conventions assume clues touch one suit or one rank, so "
        "families that break that (blind, mute, synesthesia, alternating clues) cost them most (the hat bot "
        "plays the basic conventions there but in Totally Blind, where no clue touches a card), and both "
        "read fireworks as running upwards, which costs them in Up or Down. In Throw It in a Hole they see no "
        "firework move: a card goes into the hole only when everyone knows its one identity and that it plays, "
        "so they never strike but need more clues per card (the hat bot plays the basic conventions there, the "
        "played cards its hat clues spoke of being hidden). In Cow & Pig and Duck a clue tells them only which "
        "cards it touched: the basic bot's clue focus plays now, and the hat bot's number rides on the clue's "
        "target, whether it touches the newest card and (Cow & Pig) its kind.",
        "",
        "| family | variant played | " + " | ".join(FAMILY_BOTS) + " |",
        "|---|---|" + "---|" * len(FAMILY_BOTS),
    ]
    for family, name, results in rows:
        lines.append(f"| {family} | {name} | " + " | ".join(cell(r) for r in results) + " |")
    return lines


def cell(result) -> str:
    return f"{result.mean:.2f} ± {result.standard_error:.2f} ({100 * result.perfect_rate:.0f}%)"


def sections(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The text before the first "## " heading, and each (heading, the text up to the next)."""
    parts = text.split("\n## ")
    return parts[0], [(f"## {part.split(chr(10), 1)[0]}", f"## {part}") for part in parts[1:]]


def replace_sections(old: str, new: list[tuple[str, str]], before: str) -> str:
    """`old` with each of `new`'s sections in place of the one of the same heading (or, when
    absent, before the section `before`, else at the end)."""
    preamble, old_sections = sections(old)
    headings = [heading for heading, _ in old_sections]
    bodies = dict(old_sections)
    for heading, body in new:
        if heading not in bodies:
            headings.insert(headings.index(before) if before in headings else len(headings), heading)
        bodies[heading] = body
    return join(preamble, [(heading, bodies[heading]) for heading in headings])


def regenerated(old: str, new: str) -> str:
    """`new`, followed by the sections of `old` that `new` does not have (written by hand)."""
    preamble, new_sections = sections(new)
    kept = [(heading, body) for heading, body in sections(old)[1] if heading not in dict(new_sections)]
    return join(preamble, new_sections + kept)


def join(preamble: str, parts: list[tuple[str, str]]) -> str:
    return "\n".join([preamble] + [body.rstrip("\n") + "\n" for _, body in parts])


def read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def strategies_section() -> list[str]:
    known = ("random", "basic", "hat")
    bots = sorted(STRATEGIES, key=lambda b: known.index(b) if b in known else len(known))
    return ["## Strategies", ""] + [
        f"- `{bot}`: {DESCRIPTIONS.get(bot, STRATEGIES[bot].__doc__ or '')}" for bot in bots
    ]


def main_sections(games: int, random_games: int, stranger_games: int, threads: int) -> list[str]:
    """The No Variant table (both scoring rules, clue quality), the convention bot beside
    strangers, and the comparison with published programs."""
    known = ("random", "basic", "hat")
    bots = sorted(STRATEGIES, key=lambda b: known.index(b) if b in known else len(known))
    rows = {}
    for bot in bots:
        for players in (2, 3, 4, 5):
            count = games if bot != "random" else min(games, random_games)
            rows[bot, players] = r = measure(GameOptions(players=players), (bot,) * players, count, SEED, threads)
            print(f"{bot} {players}p: {r.mean():.3f} ± {r.standard_error():.3f}", file=sys.stderr, flush=True)
    lines = [
        "## No Variant, 2 to 5 players",
        "",
        f"Self-play, game *i* of a row dealt from deck seed `{SEED}/i` (the games of `hanabi simulate --players N "
        f"--bot B --games G --seed {SEED}`). **Strict** is the score as this service counts it: a game lost by "
        "strikes scores 0, as in the research environment. **Fireworks** is the fireworks' total at the end, "
        "kept after the third strike, the rule of hanabi.rs and SmartBot (the same figure when no game strikes "
        "out). Both are mean ± standard error. *Nothing new*: clues that narrowed no card of the receiver's "
        "hand (the engine's `informative` flag is false) / clues that narrowed none of the cards they touched "
        "(the same clue again on the same cards); games/s over "
        f"{threads} process{'es' if threads != 1 else ''}, clue quality counted over the row's games.",
        "",
        "| bot | players | games | strict | fireworks | perfect | struck out | clues / game | nothing new "
        "| games/s | target | gap |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for (bot, players), r in rows.items():
        target = TARGETS.get(bot, {}).get(players)
        rule = "fireworks_total" if bot == "hat" else "score"
        gap = f"{r.mean(rule) - target:+.2f}" if target is not None else ""
        lines.append(
            f"| {bot} | {players} | {len(r.games)} | {r.mean():.2f} ± {r.standard_error():.2f} "
            f"| {r.mean('fireworks_total'):.2f} ± {r.standard_error('fireworks_total'):.2f} "
            f"| {100 * r.share(lambda g: g.score == 25):.1f}% | {100 * r.share(lambda g: g.struck_out):.1f}% "
            f"| {r.mean('clues'):.1f} | {r.total('uninformative')} / {r.total('repeated')} "
            f"| {len(r.games) / r.seconds:.0f} | {target if target is not None else ''} | {gap} |"
        )
    lines += [
        "",
        "Targets: `basic` (strict) 22 at 3 players and 21 at 2, 4 and 5 (issue 33); `hat` (fireworks, their "
        'rule) the best published non-learning figures: SmartBot\'s 23.09 at 2 players, hanabi.rs "info" at 3 to 5.',
        "",
        *strangers_section(stranger_games, threads, rows),
        "",
        "## Compared with published programs",
        "",
        "From `REFERENCES.md` (5 suits, mean / % perfect; hanabi.rs and SmartBot keep the fireworks after the "
        "third strike, the research environment's agents score 0):",
        "",
        REFERENCE,
    ]
    for bot in ("hat", "basic"):
        cells = [
            f"{r.mean():.2f} ({r.mean('fireworks_total'):.2f}) / {100 * r.share(lambda g: g.score == 25):.1f}"
            for (b, _), r in rows.items()
            if b == bot
        ]
        if cells:
            lines.append(
                f"| **ours: {bot}** (this table: strict (fireworks) / % perfect) | " + " | ".join(cells) + " |"
            )
    best = {2: 23.09, 3: 24.79, 4: 24.94, 5: 24.92}
    hat_rows = {players: r for (b, players), r in rows.items() if b == "hat"}
    if hat_rows:
        diffs = ", ".join(f"{p}p {hat_rows[p].mean('fireworks_total') - best[p]:+.2f}" for p in sorted(hat_rows))
        lines += ["", f"`hat` (fireworks) minus the best published non-learning figure: {diffs}."]
    return lines


def strangers_section(games: int, threads: int, self_play: dict) -> list[str]:
    """Each real bot in one seat (moving round the table game by game), a stranger in the
    others, against the stranger's own table on the same deals (the first games of its self-play
    row when it has one: game i is dealt from the same seed)."""
    lines = [
        "## Beside strangers",
        "",
        "A bot in one seat (seat *i* mod N in game *i*, so it sits everywhere), a partner it never met in the "
        "others: the other real bot, `random`, and `sdk-simple`, the tutorial's bot (sdk/examples/simple_bot.py, "
        "fed each view as the API's JSON through the generated SDK's models, reading every clue as \"play\"). "
        "Each bot watches for moves its convention never makes and then reads that partner's clues for what they "
        "say only (`hat` then plays the basic conventions). "
        f"{games} games per row, deck seeds `{SEED}/i` as above; strict (fireworks) mean ± "
        "standard error, % struck out, and the paired difference with the partner's own table (all seats the "
        "partner) on the same deals. Rows: `tests/bench/tables.py --players N --seats "
        f"BOT,P,... --rotate --games {games}`.",
        "",
        "| bot | partner | players | bot + partner | struck out | partner alone | bot + partner "
        "minus partner alone (strict / fireworks) |",
        "|---|---|---|---|---|---|---|",
    ]
    alone_rows = {}
    for bot, partners in STRANGERS.items():
        for partner in partners:
            for players in (2, 3, 4, 5):
                options = GameOptions(players=players)
                mixed = measure(options, (bot,) + (partner,) * (players - 1), games, SEED, threads, True)
                alone = alone_rows.get((partner, players))
                if alone is None:
                    own = self_play.get((partner, players))
                    if own is not None and len(own.games) >= games:
                        alone = Row(own.seats, own.games[:games], own.seconds)
                    else:
                        alone = measure(options, (partner,) * players, games, SEED, threads)
                    alone_rows[partner, players] = alone
                diff, diff_se = paired_difference(mixed, alone)
                fw_diff, fw_se = paired_difference(mixed, alone, "fireworks_total")
                lines.append(
                    f"| {bot} | {partner} | {players} | {mixed.mean():.2f} ± {mixed.standard_error():.2f} "
                    f"({mixed.mean('fireworks_total'):.2f}) | {100 * mixed.share(lambda g: g.struck_out):.0f}% "
                    f"| {alone.mean():.2f} ({alone.mean('fireworks_total'):.2f}) "
                    f"| {diff:+.2f} ± {diff_se:.2f} / {fw_diff:+.2f} ± {fw_se:.2f} |"
                )
                print(
                    f"{bot}+{partner} {players}p mixed {mixed.mean():.2f} alone {alone.mean():.2f}",
                    file=sys.stderr,
                    flush=True,
                )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per No Variant row")
    parser.add_argument("--random-games", type=int, default=2000)
    parser.add_argument("--variant-games", type=int, default=1000, help="games per row of the variant table")
    parser.add_argument("--family-games", type=int, default=2000, help="games per cell of the variant family table")
    parser.add_argument("--stranger-games", type=int, default=500, help="games per row beside strangers")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--only", choices=["families", "main"], help="measure and replace these sections alone")
    parser.add_argument("--output", default=DOC)
    args = parser.parse_args()
    started = time.time()
    if args.only == "main":
        main_lines = (
            strategies_section()
            + [""]
            + main_sections(args.games, args.random_games, args.stranger_games, args.threads)
        )
        new = sections("\n" + "\n".join(main_lines))[1]
        write(args.output, replace_sections(read(args.output), new, "## Variants and options"))
        return
    family_lines = families_section(args.family_games, args.threads)
    if args.only == "families":
        new = sections("\n" + "\n".join(family_lines))[1]
        write(args.output, replace_sections(read(args.output), new, "## Compared with published programs"))
        return
    known = ("random", "basic", "hat")
    bots = sorted(STRATEGIES, key=lambda b: known.index(b) if b in known else len(known))

    def games_for(bot: str, full: int) -> int:
        return full if bot != "random" else min(full, args.random_games)

    main_lines = main_sections(args.games, args.random_games, args.stranger_games, args.threads)
    variant_rows = []
    for label, extra in OPTION_SETS:
        results = {}
        for bot in bots:
            options = GameOptions(players=VARIANT_PLAYERS, **extra)
            results[bot] = row(options, bot, games_for(bot, args.variant_games), args.threads)
        variant_rows.append((label, results))
        print(f"{label} done", file=sys.stderr, flush=True)

    command = "`.venv/bin/python tests/bench/bots_table.py`"
    settings = (args.games, args.random_games, args.variant_games, args.family_games, args.stranger_games, args.threads)
    if settings != (2000, 2000, 1000, 2000, 500, 2):
        command = (
            f"`.venv/bin/python tests/bench/bots_table.py --games {args.games} --random-games {args.random_games} "
            f"--variant-games {args.variant_games} --family-games {args.family_games} --stranger-games "
            f"{args.stranger_games} --threads {args.threads}`"
        )
    lines = [
        "# Bots",
        "",
        f"Regenerate this file with {command} (about {round((time.time() - started) / 60)} minutes on "
        f"{args.threads} process{'es' if args.threads != 1 else ''}; `--only main` or `--only families` for "
        "those sections alone). Every number "
        f"below is measured by the engine on seeded games (same seeds: game *i* of a row uses deck seed "
        f"`{SEED}/i`); edit the text in `tests/bench/bots_table.py`. The conventions of `basic`, for people "
        "who play with it, are in [conventions.md](conventions.md).",
        "",
        *strategies_section(),
        "",
        *main_lines[: main_lines.index("## Beside strangers")],
    ]
    lines += [
        "## Variants and options",
        "",
        f"`hanabi simulate` at {VARIANT_PLAYERS} players, {args.variant_games} games per cell (random: "
        f"{games_for('random', args.variant_games)}); strict mean ± standard error (% perfect). Six-suit variants "
        "score out of 30.",
        "",
        "| variant / option | " + " | ".join(bots) + " |",
        "|---|" + "---|" * len(bots),
    ]
    for label, results in variant_rows:
        lines.append(f"| {label} | " + " | ".join(cell(r) for r in results.values()) + " |")
    lines += ["", *family_lines, "", *main_lines[main_lines.index("## Beside strangers") :]]
    lines += ["", f"Measured on {platform.python_implementation()} {platform.python_version()}.", ""]
    write(args.output, regenerated(read(args.output), "\n".join(lines)))


def write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
