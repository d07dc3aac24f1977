"""A desktop's notification server, as a test's fake: a private D-Bus session bus (its own
`dbus-daemon`) with `org.freedesktop.Notifications` on it (the freedesktop.org notification
spec, which Chromium on Linux speaks when the name has an owner on its session bus).

Chromium shows its notifications here, and a tap on one is this server's `ActionInvoked`
signal: Chromium then dispatches a real `notificationclick` to the page's service worker, one
allowed to focus a tab or open a window, as after a player's tap. A click made up in the
worker (`new NotificationEvent(...)`) is refused both (`InvalidAccessError`).
"""

from __future__ import annotations

import itertools
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from jeepney import DBusAddress, HeaderFields, MessageType, new_error, new_method_return, new_signal
from jeepney.bus_messages import message_bus
from jeepney.io.threading import DBusConnection, ReceiveStopped, open_dbus_connection

NAME = "org.freedesktop.Notifications"
OBJECT = DBusAddress("/org/freedesktop/Notifications", interface=NAME)
# A session bus with no services to start (Chromium asks for the accessibility bus) and room
# for every client; it listens in the test's own directory.
BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={dir}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


@dataclass(frozen=True)
class Shown:
    id: int
    summary: str  # the notification's title
    body: str  # Chromium's: the origin, a blank line, then the notification's body


class Desktop:
    """The bus (`address`, for Chromium's DBUS_SESSION_BUS_ADDRESS) and the server on it: what
    is on show, what was closed, and a tap on one."""

    def __init__(self) -> None:
        executable = shutil.which("dbus-daemon")
        if executable is None:
            pytest.fail("No dbus-daemon: install it with `apt-get install -y dbus-daemon`.")
        # Its own directory, short: a socket's path has at most 107 bytes (pytest's tmp_path
        # under xdist comes near).
        directory = Path(tempfile.mkdtemp(prefix="bus-"))
        self.directory = directory
        config = directory / "bus.conf"
        config.write_text(BUS_CONFIG.format(dir=directory))
        self.bus = subprocess.Popen(
            [executable, "--config-file", str(config), "--nofork", "--print-address=1"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # it can't raise its descriptor limit: said, harmless
            text=True,
        )
        assert self.bus.stdout is not None
        self.address = self.bus.stdout.readline().strip()  # printed once it listens
        if not self.address:
            pytest.fail(f"dbus-daemon did not start (exit code {self.bus.wait()})")
        self.shown: dict[int, Shown] = {}
        self.closed: list[int] = []
        self.numbers = itertools.count(1)
        self.changed = threading.Condition()
        self.connection: DBusConnection = open_dbus_connection(self.address)
        self.own_the_name()
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def own_the_name(self) -> None:
        self.connection.send(message_bus.RequestName(NAME))
        while self.connection.receive().header.message_type != MessageType.method_return:
            pass  # the bus's NameAcquired signal comes first

    def serve(self) -> None:
        try:
            while True:
                message = self.connection.receive()
                if message.header.message_type == MessageType.method_call:
                    self.connection.send(self.answer(message))
        except (ReceiveStopped, OSError):
            return  # stopped

    def answer(self, call: Any) -> Any:
        member = call.header.fields.get(HeaderFields.member)
        if member == "GetCapabilities":
            return new_method_return(call, "as", (["body", "actions"],))
        if member == "GetServerInformation":
            return new_method_return(call, "ssss", ("tests", "laundermat", "1", "1.2"))
        if member == "Notify":
            _app, replaces, _icon, summary, body, _actions, _hints, _timeout = call.body
            with self.changed:
                number = replaces or next(self.numbers)
                self.shown[number] = Shown(number, summary, body)
                self.changed.notify_all()
            return new_method_return(call, "u", (number,))
        if member == "CloseNotification":
            (number,) = call.body
            with self.changed:
                self.shown.pop(number, None)
                self.closed.append(number)
                self.changed.notify_all()
            self.connection.send(new_signal(OBJECT, "NotificationClosed", "uu", (number, 3)))
            return new_method_return(call)
        return new_error(call, "org.freedesktop.DBus.Error.UnknownMethod")

    def wait_shown(self, timeout: float = 30) -> Shown:
        """The notification on show, once there is one."""
        with self.changed:
            assert self.changed.wait_for(lambda: self.shown, timeout), "nothing shown"
            (shown,) = self.shown.values()
            return shown

    def wait_closed(self, number: int, timeout: float = 15) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: number in self.closed, timeout), self.closed

    def tap(self, number: int) -> None:
        """A tap on the notification's body (its default action)."""
        self.connection.send(new_signal(OBJECT, "ActionInvoked", "us", (number, "default")))

    def stop(self) -> None:
        self.connection.close()
        self.thread.join(timeout=5)
        self.bus.terminate()
        self.bus.wait(timeout=10)
        shutil.rmtree(self.directory, ignore_errors=True)
