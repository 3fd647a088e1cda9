"""The REST API base: error shape, exception translation, /api/v1/ routing, schema and docs."""
