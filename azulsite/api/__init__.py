"""The /api/v1/ mount of every app's API views; the API's base (error shape, parser, schema pieces)
is the kernel's (kernel/api/)."""
