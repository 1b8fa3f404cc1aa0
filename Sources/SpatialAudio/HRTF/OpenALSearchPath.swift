// Shows SoundSafari's HRTF folder to OpenAL Soft in this process only (ALSOFT_CONF), never in its global folders.
import Foundation
import TidyFormats

/// OpenAL Soft 1.19 finds data sets through its `hrtf-paths` setting, read once from its configuration files
/// when the library starts; `ALSOFT_CONF` names one more file read last. Before the first OpenAL call this
/// writes `$XDG_DATA_HOME/soundsafari/openal.conf` and points `ALSOFT_CONF` at it. Its `hrtf-paths` lists
/// OpenAL's own `openal/hrtf` folders first and SoundSafari's folder after them: OpenAL's default is the
/// first usable data set listed, so an import never changes which HRTF a session without `--hrtf` gets
/// (the trailing comma keeps OpenAL's built-in data sets; files found twice are listed once). A
/// configuration the user had named in `ALSOFT_CONF` is copied in first, so their settings still apply (but for
/// `drivers`: SoundSafari renders through loopback devices only, so no playback backend is initialised).
enum OpenALSearchPath {
    /// Runs once per process, before any OpenAL call (`SpatialAudioEngine` touches it first).
    static let installed: Void = install(environment: ProcessInfo.processInfo.environment)

    private static func install(environment: [String: String]) {
        let library = HRTFLibrary.standard(environment: environment)
        let file = library.folder.deletingLastPathComponent().appendingPathComponent("openal.conf")
        var text = ""
        if let previous = environment["ALSOFT_CONF"], previous != file.path,
            let contents = try? String(contentsOfFile: previous, encoding: .utf8)
        {
            text = contents + "\n"
        }
        text += "# Written by SoundSafari on every start: OpenAL Soft's HRTFs, then the ones SoundSafari imported.\n"
        let folders = openALFolders(environment: environment).map(\.path) + [library.folder.path]
        text += "[general]\nhrtf-paths = \(folders.joined(separator: ",")),\n"
        // Every engine is a loopback device (SDL plays what it renders), so none of OpenAL's playback backends is
        // ever used; initialising them loaded JACK, PulseAudio and ALSA into every run, and JACK's probe crashed
        // a window test once (SIGSEGV in libjack's thread). The null backend alone keeps them out.
        text += "drivers = null\n"
        do {
            try FileManager.default.createDirectory(at: library.folder, withIntermediateDirectories: true)
            if (try? String(contentsOf: file, encoding: .utf8)) != text {
                try AtomicFile.replace(file, with: Data(text.utf8))
            }
            setenv("ALSOFT_CONF", file.path, 1)
        } catch {
            // Without the file OpenAL still offers its own HRTFs; `hrtf import` reports that it cannot write.
        }
    }

    /// OpenAL Soft's own data-set folders, in its search order: `$XDG_DATA_HOME/openal/hrtf`, then
    /// `openal/hrtf` in each of `$XDG_DATA_DIRS` (default /usr/local/share:/usr/share).
    static func openALFolders(environment: [String: String]) -> [URL] {
        let dataHome = XDGDataHome.folder(environment: environment).path
        let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init)
        return ([dataHome] + dataDirs).map { URL(fileURLWithPath: $0).appendingPathComponent("openal/hrtf") }
    }
}
