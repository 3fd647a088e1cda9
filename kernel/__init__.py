"""The shared kernel: what every app uses and no app owns. Domain errors and the sign-in guard
(errors.py), the reading of row ids (ids.py), the characters that draw nothing (text.py), the
progress bar of long commands (progress.py), and the API's base (api/: the error body, the JSON
parser, input validation, schema pieces). It imports no app, nor the project (.importlinter)."""
