"""Reading Prometheus text as a scraper does (prometheus_client's own parser)."""

from prometheus_client.parser import text_string_to_metric_families


def samples(text: str) -> list:
    return [sample for family in text_string_to_metric_families(text) for sample in family.samples]


def value(text: str, name: str, **labels) -> float:
    """The sample `name` with exactly these labels (0 when there is none)."""
    wanted = {key: str(label) for key, label in labels.items()}
    found = [sample.value for sample in samples(text) if sample.name == name and sample.labels == wanted]
    assert len(found) <= 1, (name, labels, found)
    return found[0] if found else 0.0


def total(text: str, name: str, **labels) -> float:
    """The sum of the samples `name` whose labels include these."""
    wanted = {key: str(label) for key, label in labels.items()}
    return sum(
        sample.value for sample in samples(text) if sample.name == name and wanted.items() <= sample.labels.items()
    )


def buckets(text: str, name: str, **labels) -> list[tuple[float, float]]:
    """(upper bound, cumulative count) of a histogram's buckets, in order."""
    wanted = {key: str(label) for key, label in labels.items()}
    found = [
        (float(sample.labels["le"]), sample.value)
        for sample in samples(text)
        if sample.name == f"{name}_bucket" and {k: v for k, v in sample.labels.items() if k != "le"} == wanted
    ]
    return sorted(found)
