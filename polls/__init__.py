"""Ask the room: polls a lecturer poses to a hall, answered from phones, without Streamlit.

A poll is an exercise's task (``exercises``) put to everyone at once. The rules live here so
they can be read and tested on their own, on either store:

    config     the settings (environment variables): where the store is, the limits, expiry
    store      SQLite (one process, the default) or PostgreSQL (replicas): the same SQL
    questions  the five kinds of question, what an answer may be, its score, the algorithm's answer
    room       open, answer, close, reveal, reset, expire: who may do what

Trust. The lecturer holds a random token (256 bits) in the presenter's link; only its SHA-256
is stored, so a copy of the database cannot control a poll. A student is an anonymous random
id in the link: no name, no account, no free text. Everything a link sends is validated here.
Imports: numpy, mlcore, exercises and the standard library (psycopg for a PostgreSQL URL only).
"""
