"""mongos's load balancer support (5.0+, src/mongo/s/load_balancer_support.cpp): what changes for a
connection that arrived on the load balancer port (isFromLoadBalancer: the session's local port is
the loadBalancerPort, asio_session_impl.cpp).

- hello/isMaster (handleHello, called from cluster_hello_cmd.cpp right after the topologyVersion):
  the connection's first one must carry loadBalanced: true, else 354 LoadBalancerSupportMismatch,
  a CloseConnectionError (error_codes.yml), so the error reply is the connection's last; with it the
  reply gets serviceId, the mongos's ObjectId (PerService: one per process). Later hellos on the
  connection are ordinary, and loadBalanced on the normal port is tolerated and ignored.
- serverStatus.connections.loadBalanced: the connections open on the load balancer port
  (ServiceEntryPointMongos / AsioSessionManager onClientConnect: a Counter64, so a Long).
"""

from commands import CommandError

LOAD_BALANCER_SUPPORT_MISMATCH = 354
MISMATCH_TEXT = ("The server is being accessed through a load balancer, but this driver does not have "
                 "load balancing enabled")


def handle_hello(context):
    """The serviceId to add to this hello's reply, or None; raises 354 (and marks the connection to
    close after the reply) for a load-balanced connection whose first hello lacks loadBalanced: true."""
    connection = context.connection
    if not connection.from_load_balancer or connection.did_load_balanced_hello:
        return None
    if context.body.get("loadBalanced") is not True:
        connection.close_after_reply = True
        raise CommandError(LOAD_BALANCER_SUPPORT_MISMATCH, MISMATCH_TEXT)
    connection.did_load_balanced_hello = True
    return context.node.service_id
