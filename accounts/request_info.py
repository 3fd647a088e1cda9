def client_ip(request) -> str | None:
    """The client's address as daphne reports it (daphne --proxy-headers trusts the proxy's)."""
    return request.META.get("REMOTE_ADDR") or None
