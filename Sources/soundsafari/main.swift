// The shipped `soundsafari` command: every subcommand lives in SoundSafariCommands.
import SoundSafariCommands

SoundSafari.main()
