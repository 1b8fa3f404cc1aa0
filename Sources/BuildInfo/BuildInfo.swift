// What build this is: `version` comes from the checkout's VERSION file through the VersionStamp plugin.

/// The build's identity, the one string `soundsafari --version`, `soundsafari-analyze --version` and
/// session.json's `app_version` give.
public enum BuildInfo {}
