"""The one way an API view reads its input: a DRF serializer checks it, and what fails becomes the
API's `invalid` error (kernel/api/errors.py) before any service runs."""


def validated(serializer_class, data) -> dict:
    """`data` (a body or query parameters) as `serializer_class` validates it, or ValidationError."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
