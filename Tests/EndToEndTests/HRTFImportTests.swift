// `soundsafari hrtf import` with libmysofa's MIT KEMAR file, rendered by OpenAL Soft and compared with the SOFA data.
import Foundation
import StudyKit
import StudyRecords
import Testing
import TidyFormats

@testable import SpatialAudio

@Suite("soundsafari hrtf")
struct HRTFImportTests {
    static let kemar = "/usr/share/libmysofa/MIT_KEMAR_normal_pinna.sofa"
    static let bearings: [Double] = [0, 45, 90, 135, 180, 225, 270, 315]

    /// One second of seeded white noise at 48 kHz.
    static func noise() -> [Float] {
        var state: UInt64 = 0x9E37_79B9
        return (0..<48_000).map { _ -> Float in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Double(state >> 11) / Double(1 << 53) * 2 - 1) * 0.5
        }
    }

    /// Power of `signal` in each third-octave band from 200 Hz to 16 kHz (FFT of the zero-padded signal).
    static func thirdOctaveLevels(_ signal: [Double]) -> [Double] {
        let size = FFT.size(atLeast: signal.count)
        var real = signal + [Double](repeating: 0, count: size - signal.count)
        var imaginary = [Double](repeating: 0, count: size)
        FFT.transform(real: &real, imaginary: &imaginary)
        return (-7...12).map { step -> Double in
            let centre = 1000 * pow(2, Double(step) / 3)
            let low = Int(centre * pow(2, -1.0 / 6) * Double(size) / 48_000)
            let high = Int(centre * pow(2, 1.0 / 6) * Double(size) / 48_000)
            let power = (low...high).reduce(0.0) { $0 + real[$1] * real[$1] + imaginary[$1] * imaginary[$1] }
            return 10 * log10(power)
        }
    }

    /// `signal` convolved with `response` (FFT), as long as `signal`.
    static func convolve(_ signal: [Double], _ response: [Double]) -> [Double] {
        let size = FFT.size(atLeast: signal.count + response.count)
        var a = signal + [Double](repeating: 0, count: size - signal.count)
        var ai = [Double](repeating: 0, count: size)
        var b = response + [Double](repeating: 0, count: size - response.count)
        var bi = [Double](repeating: 0, count: size)
        FFT.transform(real: &a, imaginary: &ai)
        FFT.transform(real: &b, imaginary: &bi)
        for k in 0..<size {
            (a[k], ai[k]) = (a[k] * b[k] - ai[k] * bi[k], a[k] * bi[k] + ai[k] * b[k])
        }
        FFT.transform(real: &a, imaginary: &ai, inverse: true)
        return Array(a.prefix(signal.count))
    }

    static func pearson(_ x: [Double], _ y: [Double]) -> Double {
        let mx = x.reduce(0, +) / Double(x.count)
        let my = y.reduce(0, +) / Double(y.count)
        let sxy = zip(x, y).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = x.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        let syy = y.reduce(0) { $0 + ($1 - my) * ($1 - my) }
        return sxy / (sxx * syy).squareRoot()
    }

    @Test("MIT KEMAR imported and rendered at 8 bearings: ILD r ≥ 0.99 with the SOFA data, ITD ±21 µs, bands ±2 dB")
    func kemarMatchesTheSOFAData() throws {
        guard FileManager.default.fileExists(atPath: Self.kemar) else {
            Issue.record("\(Self.kemar) is missing: install libmysofa1 (scripts/install-deps.sh)")
            return
        }
        let home = try SoundSafariBinary.temporaryDirectory("hrtf-import")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path]
        let imported = try SoundSafariBinary.run(
            ["hrtf", "import", Self.kemar, "--name", "mit-kemar"], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let file = home.appendingPathComponent("data/soundsafari/hrtf/mit-kemar.mhr")
        let sha = SHA256.hex(try Data(contentsOf: file))
        // Owner-only like the logs (it was 0644): a personal HRTF is measured on the patient's head.
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o777 } == 0o600)
        #expect(imported.stdout.contains("sha256 \(sha)"), "\(imported.stdout)")

        let noise = Self.noise()
        let noiseFile = home.appendingPathComponent("noise.wav")
        try AudioFileWriter.write(noise, channels: 1, sampleRate: 48_000, format: .wavFloat, to: noiseFile)
        let sofa = try SOFAMeasurements.load(path: Self.kemar)
        let noiseDouble = noise.map { Double($0) }

        var renderedILD: [Double] = []
        var referenceILD: [Double] = []
        var worstITD = 0.0
        var worstBand = 0.0
        var itds: [String] = []
        var worstFineITD = 0.0
        for bearing in Self.bearings {
            let out = home.appendingPathComponent("kemar-\(Int(bearing)).wav")
            let rendered = try SoundSafariBinary.run(
                [
                    "render", "--file", noiseFile.path, "--hrtf", "mit-kemar", "--bearing", "\(bearing)", "--out",
                    out.path,
                ],
                environment: environment)
            #expect(rendered.status == 0, "\(rendered.stderr)")
            #expect(rendered.stdout.contains("HRTF 'mit-kemar'"), "\(rendered.stdout)")
            let (samples, _, _) = try AudioFileReader.readInterleaved(out)
            let left = stride(from: 0, to: samples.count, by: 2).map { Double(samples[$0]) }
            let right = stride(from: 1, to: samples.count, by: 2).map { Double(samples[$0]) }

            // The same noise through the SOFA file's own responses (resampled to 48 kHz) at that direction.
            let azimuth = (360 - bearing).truncatingRemainder(dividingBy: 360)
            let measurement = try #require(
                sofa.measurements.first { abs($0.elevation) < 0.01 && abs($0.azimuth - azimuth) < 0.01 })
            let referenceLeft = Self.convolve(
                noiseDouble, try Resampler.resample(measurement.left, from: sofa.sampleRate, to: 48_000))
            let referenceRight = Self.convolve(
                noiseDouble, try Resampler.resample(measurement.right, from: sofa.sampleRate, to: 48_000))

            let cues = InterauralMeter.measure(left: left, right: right)
            let reference = InterauralMeter.measure(left: referenceLeft, right: referenceRight)
            renderedILD.append(cues.ildDB)
            referenceILD.append(reference.ildDB)
            worstITD = max(worstITD, abs(cues.itdSeconds - reference.itdSeconds))
            // Sub-sample ITD (parabolic peak of the same cross-correlation): what the listener really gets.
            let fine = MinimumPhase.interauralLag(left: left, right: right, maximumLag: 48)
            let fineReference = MinimumPhase.interauralLag(left: referenceLeft, right: referenceRight, maximumLag: 48)
            worstFineITD = max(worstFineITD, abs(fine - fineReference) / 48_000)
            itds.append(String(format: "%d°: %.2f vs %.2f", Int(bearing), fine, fineReference))
            let bands = zip(Self.thirdOctaveLevels(right), Self.thirdOctaveLevels(left)).map { $0 - $1 }
            let referenceBands = zip(Self.thirdOctaveLevels(referenceRight), Self.thirdOctaveLevels(referenceLeft))
                .map { $0 - $1 }
            worstBand = max(worstBand, zip(bands, referenceBands).map { abs($0 - $1) }.max() ?? 0)
        }
        let r = Self.pearson(renderedILD, referenceILD)
        print(
            String(
                format: "hrtf.kemar ILD r %.5f, worst ITD error %.1f µs, worst third-octave ILD error %.2f dB; "
                    + "ILD rendered %@ vs SOFA %@", r, worstITD * 1e6, worstBand,
                renderedILD.map { String(format: "%.2f", $0) }.joined(separator: " "),
                referenceILD.map { String(format: "%.2f", $0) }.joined(separator: " ")))
        print(
            String(format: "hrtf.kemar sub-sample ITD error %.1f µs; ITD frames rendered vs SOFA: ", worstFineITD * 1e6)
                + itds.joined(separator: ", "))
        // A session with it logs the name and the data's fingerprint in session.json and every row.
        let logs = home.appendingPathComponent("logs")
        let session = try SoundSafariBinary.run(
            ["simulate", "--rounds", "1", "--hrtf", "mit-kemar", "--logs", logs.path, "--seed", "3"],
            environment: environment, currentDirectory: SoundSafariBinary.packageRoot)
        #expect(session.status == 0, "\(session.stderr)")
        let folder = try #require(
            FileManager.default.enumerator(at: logs, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
                .first { $0.lastPathComponent == "session.json" }?.deletingLastPathComponent())
        let record = try StudyRecords.SessionRecord.read(folder.appendingPathComponent("session.json"))
        #expect(record.environment.hrtf == "mit-kemar")
        #expect(record.environment.hrtfSHA256 == sha)
        let rows = try StudyRecords.TrialRow.readAll(from: folder.appendingPathComponent("trials.csv"))
        #expect(!rows.isEmpty && rows.allSatisfy { $0.hrtf == "mit-kemar" && $0.hrtfSHA256 == sha })
        // The loader's ears are the listener's: a source on the right (90°) is louder in the right ear.
        #expect(referenceILD[2] > 6 && referenceILD[6] < -6)
        #expect(r >= 0.99)
        #expect(worstITD <= 21e-6)
        #expect(worstFineITD <= 21e-6)
        #expect(worstBand <= 2)
    }

    @Test("A SOFA file of another convention, a corrupt one and a missing one each get one sentence and status 1")
    func badFilesAreRefused() throws {
        let home = try SoundSafariBinary.temporaryDirectory("hrtf-bad")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path]
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.kemar))
        // Same file, convention attribute renamed (same length): a transfer-function, not an impulse-response set.
        let transferFunction = home.appendingPathComponent("tf.sofa")
        var bytes = [UInt8](original)
        let needle = [UInt8]("SimpleFreeFieldHRIR".utf8)
        let at = try #require(
            (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
        bytes.replaceSubrange((at + needle.count - 4)..<(at + needle.count), with: Array("HRTF".utf8))
        try Data(bytes).write(to: transferFunction)
        let truncated = home.appendingPathComponent("truncated.sofa")
        try original.prefix(20_000).write(to: truncated)

        let cases: [(String, String)] = [
            (transferFunction.path, "uses the convention 'SimpleFreeFieldHRTF', but only SimpleFreeFieldHRIR"),
            (truncated.path, "is corrupt or not a SOFA file"),
            (home.appendingPathComponent("missing.sofa").path, "does not exist"),
        ]
        for (path, words) in cases {
            let result = try SoundSafariBinary.run(["hrtf", "import", path], environment: environment)
            #expect(result.status == 1, "\(path)")
            #expect(result.stderr.contains(words), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        let taken = try SoundSafariBinary.run(
            ["hrtf", "import", Self.kemar, "--name", "default-48000"], environment: environment)
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("OpenAL Soft already offers an HRTF named 'default-48000'"), "\(taken.stderr)")
        let list = try SoundSafariBinary.run(["hrtf", "list"], environment: environment)
        #expect(list.stdout.contains("none"), "\(list.stdout)")
    }

    @Test("An imported HRTF is listed by `hrtf list` and `devices` (not as the default), and `hrtf remove` deletes it")
    func listAndRemove() throws {
        let home = try SoundSafariBinary.temporaryDirectory("hrtf-list")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path]
        let imported = try SoundSafariBinary.run(
            ["hrtf", "import", Self.kemar, "--name", "kemar"], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let list = try SoundSafariBinary.run(["hrtf", "list"], environment: environment)
        #expect(list.stdout.contains("- kemar sha256 "), "\(list.stdout)")
        let devices = try SoundSafariBinary.run(["devices", "--format", "json"], environment: environment)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(devices.stdout.utf8)) as? [String: Any])
        let hrtfs = try #require(json["hrtfs"] as? [[String: Any]])
        let kemar = try #require(hrtfs.first { $0["name"] as? String == "kemar" })
        #expect(kemar["usable"] as? Bool == true)
        #expect(kemar["imported"] as? Bool == true)
        #expect(kemar["default"] as? Bool == false)
        let removed = try SoundSafariBinary.run(["hrtf", "remove", "kemar"], environment: environment)
        #expect(removed.status == 0, "\(removed.stderr)")
        let again = try SoundSafariBinary.run(["hrtf", "remove", "kemar"], environment: environment)
        #expect(again.status == 1)
        #expect(again.stderr.contains("No imported HRTF is named 'kemar'"), "\(again.stderr)")
        let render = try SoundSafariBinary.run(
            [
                "render", "--sound", "frog", "--hrtf", "kemar", "--bearing", "0", "--out",
                home.appendingPathComponent("x.wav").path,
            ],
            environment: environment)
        #expect(render.status != 0)
        #expect(render.stderr.contains("Unknown HRTF 'kemar'"), "\(render.stderr)")
    }
}
