"""Apply the SQL migrations in `migrations/` with yoyo-migrations.

They are read from `hanabi/migrations`, a link to the project's `migrations/` folder that
makes them package data: a wheel (`pip install .`, the container image) carries them.

yoyo names its psycopg 3 backend `postgresql+psycopg` and passes the URL's query parameters
to psycopg.connect. `yoyo_url` rewrites any libpq URL or key=value string into that form with
every parameter in the query (yoyo does not unquote the URL's path, so the database name goes
there too): a Unix socket directory (pgserver's `?host=/path`) survives as well as a TCP host,
port, password and any other libpq option.
"""

from pathlib import Path
from urllib.parse import urlencode

from psycopg.conninfo import conninfo_to_dict
from yoyo import get_backend, read_migrations

MIGRATIONS_DIR = Path(__file__).resolve().parents[1] / "migrations"


def yoyo_url(url: str) -> str:
    params = {key: str(value) for key, value in conninfo_to_dict(url).items() if value is not None}
    return "postgresql+psycopg://?" + urlencode(params)


def apply_migrations(url: str, migrations_dir: Path = MIGRATIONS_DIR) -> list[str]:
    """Apply the migrations not applied yet, under yoyo's lock (safe when several processes
    start at once). Returns the ids of those applied; [] when the schema is up to date."""
    backend = get_backend(yoyo_url(url))
    try:
        migrations = read_migrations(str(migrations_dir))
        with backend.lock():
            pending = backend.to_apply(migrations)
            backend.apply_migrations(pending)
        return [migration.id for migration in pending]
    finally:
        backend.connection.close()
