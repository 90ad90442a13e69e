"""Alembic environment: URL from app settings, batch mode so SQLite can alter tables."""

from alembic import context

from app.db import make_engine
from app.storage.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connectable = make_engine(config.get_main_option("sqlalchemy.url"))
    with connectable.connect() as connection:
        if connection.dialect.name == "sqlite":
            # A batch migration rebuilds a table (create a copy, drop the old one); with foreign
            # keys on, that drop would cascade into every table referring to it. The pragma
            # only takes effect outside a transaction, so straight to the driver, before the
            # migration's own BEGIN.
            connection.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")
        context.configure(
            connection=connection, target_metadata=target_metadata, render_as_batch=True
        )
        with context.begin_transaction():
            context.run_migrations()
    connectable.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
