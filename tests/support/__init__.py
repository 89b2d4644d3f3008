"""What the test modules share that is not a fixture: constants, the AppTest opener, the
Playwright helpers. Not tests (pytest collects test_*.py only); test modules import these and
never each other. Fixtures (the streamlit server, Chromium, a page) are in tests/conftest.py."""
