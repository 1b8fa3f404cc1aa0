// The analyzer's JSON output is built from TidyFormats' JSONValue (shared with the game's protocol reader).
@_exported import TidyFormats
