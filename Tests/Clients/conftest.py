"""Fixtures of the client smoke tests: one live server per test module (each client starts from the
same seed), with the edge-case bundle imported, and a second server whose imports answer 503."""

import os

import pytest

from support import EDGE_BUNDLE, Server


@pytest.fixture(scope="module")
def server():
    running = Server()
    try:
        running.import_file(EDGE_BUNDLE, "ndjson")
        yield running
        assert not running.errors(), f"the server logged errors: {running.errors()}"
    finally:
        assert running.stop() == 0, "the server did not stop cleanly on SIGTERM"


@pytest.fixture(scope="module")
def unavailable_server():
    """A server that cannot store uploads (its spool is below a file): every import is its 503
    `/problems/unavailable`, the answer a busy server, and later a read replica, gives a write."""
    def spool_below_a_file(folder):
        blocker = os.path.join(folder, "not-a-folder")
        open(blocker, "w").close()
        return os.path.join(blocker, "spool")

    running = Server(spool=spool_below_a_file)
    try:
        yield running
    finally:
        running.stop()
