"""The realtime layer: WebSockets and channel-layer groups, for every app, knowing none of them.

It speaks the JSON protocol (protocol), runs sockets' database work on its own threads
(db_threads), sends group events after commit (broadcast, group_sends), keeps presence (presence)
and the per-user socket cap (quota), checks the handshake's origin (origin). Apps register their
message and event handlers on named endpoints and on the one per-user feed (registry); the
composition root (azulsite.routing) mounts the routes each app builds from its endpoints.
It imports no feature app (.importlinter, "realtime-imports-no-app"). docs/architecture.md,
"The realtime layer".
"""
