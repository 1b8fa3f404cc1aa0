// HRTF selection: by name, the list of names, unknown names and switching HRTF off.
import Testing

@testable import SpatialAudio

@Suite("Engine start-up and HRTF selection")
struct EngineConfigurationTests {
    @Test("A usable HRTF selected by name is the one in use")
    func selectingAnHRTFByName() throws {
        let usable = try SpatialAudioEngine.listUsableHRTFs()
        #expect(!usable.isEmpty)
        for name in usable {
            let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfName: name))
            #expect(engine.hrtf.enabled)
            #expect(engine.hrtf.name == name)
        }
    }

    @Test("An HRTF that OpenAL Soft would replace by another one is refused, naming the usable ones")
    func hrtfOfAnotherRateIsRefused() throws {
        let usable = try SpatialAudioEngine.listUsableHRTFs()
        let unusable = try SpatialAudioEngine.listHRTFs().filter { !usable.contains($0) }
        for name in unusable {
            let error = #expect(throws: SpatialAudioError.self) {
                try SpatialAudioEngine(configuration: EngineConfiguration(hrtfName: name))
            }
            guard case .hrtfNotUsable(let refused, _, let listed) = error else {
                Issue.record("expected hrtfNotUsable for \(name), got \(String(describing: error))")
                continue
            }
            #expect(refused == name)
            #expect(!listed.isEmpty && !listed.contains(name))
            for other in listed { #expect(usable.contains(other) || other.hasPrefix("Built-In")) }
        }
    }

    @Test("An unknown HRTF name fails with the list of the usable names only")
    func unknownHRTFListsTheAvailableOnes() throws {
        let error = #expect(throws: SpatialAudioError.self) {
            try SpatialAudioEngine(configuration: EngineConfiguration(hrtfName: "no-such-head"))
        }
        guard case .unknownHRTF(let name, let available) = error else {
            Issue.record("expected unknownHRTF, got \(String(describing: error))")
            return
        }
        #expect(name == "no-such-head")
        // Issue 16.9: a 44.1 kHz set (e.g. default-44100) is refused at Start, so it is not offered either.
        #expect(available == (try SpatialAudioEngine.listUsableHRTFs()))
        for name in try SpatialAudioEngine.listHRTFs() where !available.contains(name) {
            #expect(error?.description.contains(name) == false, "\(name) is listed but not usable")
        }
        for name in available { #expect(error?.description.contains(name) == true) }
    }

    @Test("With HRTF off the output is plain stereo panning and says so")
    func hrtfOffIsReported() throws {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .off))
        #expect(!engine.hrtf.enabled)
        #expect(engine.hrtf.name == nil)
        // Still lateralised by panning, but with no interaural time difference.
        let cues = InterauralMeter.measure(interleaved: try TestSignals.renderNoise(bearing: 90, engine: engine))
        #expect(cues.ildDB > 3)
        #expect(cues.itdFrames == 0)
    }
}
