"""swarmkit/safe_read.py: only a regular file is read, never more than its cap, never blocking."""

from __future__ import annotations

import os

import pytest

from swarmkit.safe_read import (
    MISSING,
    NOT_REGULAR,
    TOO_LARGE,
    FileRefused,
    check_regular,
    decode_text,
    read_regular,
)


def test_a_regular_file_is_read_whole_up_to_its_cap(tmp_path):
    path = tmp_path / "a.md"
    path.write_bytes(b"x" * 100)
    assert read_regular(path, 100) == b"x" * 100
    with pytest.raises(FileRefused) as refused:
        read_regular(path, 99)
    assert (refused.value.reason, refused.value.size) == (TOO_LARGE, 100)
    assert refused.value.problem == "it is 100 bytes, over the limit of 99 bytes"
    assert check_regular(path, 100) == 100


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "socket"])
def test_what_is_not_a_regular_file_is_refused_without_blocking(tmp_path, kind, monkeypatch):
    import socket

    monkeypatch.chdir(tmp_path)  # the socket is bound by a relative name: macOS allows 104 bytes

    path = tmp_path / "x.md"
    if kind == "fifo":
        os.mkfifo(path)  # opening it for reading would wait for a writer
    elif kind == "folder":
        path.mkdir()
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(path.name)
    else:
        path = "/dev/zero"  # reading it would never end
    with pytest.raises(FileRefused) as refused:
        read_regular(path, 1 << 20)
    what = {"fifo": "a FIFO (named pipe)", "folder": "a folder", "device": "a device", "socket": "a socket"}
    assert refused.value.reason == NOT_REGULAR
    assert refused.value.problem == f"it is {what[kind]}, not a regular file"


def test_a_missing_file_and_a_link_not_followed(tmp_path):
    with pytest.raises(FileRefused) as refused:
        read_regular(tmp_path / "gone.md", 10)
    assert refused.value.reason == MISSING
    with pytest.raises(FileRefused) as refused:
        read_regular(tmp_path / "gone.md" / "below", 10)  # through a missing folder
    assert refused.value.reason == MISSING
    (tmp_path / "real.md").write_text("hi")
    os.symlink(tmp_path / "real.md", tmp_path / "link.md")
    assert read_regular(tmp_path / "link.md", 10) == b"hi"
    with pytest.raises(FileRefused) as refused:
        read_regular(tmp_path / "link.md", 10, follow_links=False)
    assert refused.value.problem == "it is a symbolic link, not a regular file"


def test_a_byte_order_mark_is_dropped():
    assert decode_text(b"\xef\xbb\xbf- first") == "- first"
    assert decode_text(b"caf\xe9", "surrogateescape").encode("utf-8", "surrogateescape") == b"caf\xe9"
    with pytest.raises(UnicodeDecodeError):
        decode_text(b"caf\xe9")
