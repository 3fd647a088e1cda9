// Every user-facing string of the social modules, in one place, through the JS catalogue
// (docs/i18n.md): literal gettext calls so that makemessages finds them, values through fmt.

import { fmt, gettext } from "../shared/i18n.js";

export const WORDS = {
  chatTitle: gettext("Chat"),
  channelPlayers: gettext("players"),
  channelSpectators: gettext("spectators"),
  channelNotePlayers: gettext("Players' channel: only the players read it while the game runs."),
  channelNoteSpectators: gettext("Spectators' channel: the players do not see it while the game runs."),
  replayNote: gettext("Both channels, as they were written. The chat of a finished game is read-only."),
  readOnly: gettext("The game is over: its chat is read-only."),
  logInToChat: gettext("Log in to chat."),
  messageLabel: gettext("Message"),
  send: gettext("Send"),
  noMessages: gettext("No messages yet."),
  move: (ply) => fmt(gettext("move %(ply)s"), { ply }),
  mute: (name) => fmt(gettext("Mute %(name)s"), { name }),
  report: gettext("Report"),
  reported: gettext("Reported"),
  reportLabel: (name) => fmt(gettext("Report this message by %(name)s"), { name }),
  muted: (name) => fmt(gettext("%(name)s is muted: unmute in your account settings."), { name }),
  tooLong: (max) => fmt(gettext("At most %(max)s characters."), { max }),
  friendsTitle: gettext("Invite a friend"),
  friendsEmpty: gettext("You follow nobody yet: follow players from their profile page."),
  online: gettext("online"),
  offline: gettext("offline"),
  invite: (name) => fmt(gettext("Invite %(name)s"), { name }),
  invited: gettext("Invited"),
  invitationsTitle: gettext("Invitations"),
  invitationsEmpty: gettext("No invitations."),
  invitedBy: (name, table) => fmt(gettext("%(name)s invites you to table %(table)s"), { name, table }),
  accept: gettext("Accept"),
  decline: gettext("Decline"),
  friendsOnline: gettext("Friends online"),
  nobodyOnline: gettext("None of the players you follow is online."),
};
