"""Work shared by every session of the server (cached by its arguments) and the lecture-hall queue."""
