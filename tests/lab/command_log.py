"""The lab's command log: one JSON object per line for every command a node receives.

Only the command's name and context are written, never its arguments, so passwords and SASL
payloads cannot reach the log.
"""

import datetime
import json


class CommandLog:
    def __init__(self, path):
        self._file = open(path, "a", encoding="utf-8", buffering=1)  # line-buffered: readable at once

    def record(self, node, connection_id, request, authenticated_user):
        entry = {
            "node": node,
            "connection": connection_id,
            "db": request.db,
            "command": request.command_name,
            "opcode": request.opcode,
            "authenticated_user": authenticated_user,
            "time": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds"),
        }
        self._file.write(json.dumps(entry) + "\n")

    def close(self):
        self._file.close()
