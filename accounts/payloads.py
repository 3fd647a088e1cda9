"""The JSON shape of a user named in another object (a league's members, a fixture's players,
friends, mutes): the name to link by and the name to show."""


def user_ref(user):
    return {"username": user.username, "display_name": user.shown_name}
