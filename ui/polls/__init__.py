"""Ask the room (``pages/39_Ask_the_room.py``): the lecturer's and the students' views of a poll.
The rules and the storage are the top-level package ``polls``; these modules draw them."""
