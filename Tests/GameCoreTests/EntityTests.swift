// Entities forward their state to the audio scene; circle entities draw their bearing from their range.
import Testing

@testable import GameCore

@Suite struct EntityTests {
    @Test func aSoundEntityForwardsTransportGainAndMovesToItsSource() throws {
        let scene = FakeAudioScene()
        let entity = try SoundEntity(sound: "frog", bearing: Bearing(degrees: 10), gainDB: -3, scene: scene)
        #expect(entity.state == .initial)
        entity.play()
        #expect(entity.state == .playing)
        entity.pause()
        #expect(entity.state == .paused)
        entity.gainDB = -12
        entity.bearing = Bearing(degrees: 300)
        let source = try #require(scene.live("frog").first)
        #expect(source.gainDB == -12 && source.bearing == Bearing(degrees: 300) && source.looping)
        entity.stop()
        #expect(entity.state == .stopped)
    }

    @Test func aCircleEntityDrawsItsBearingFromItsRangeReproducibly() throws {
        let scene = FakeAudioScene()
        var first = SeededRandom(seed: 4)
        var second = SeededRandom(seed: 4)
        for _ in 0..<50 {
            let a = try CircleSoundEntity(sound: "bluejay", bearingRange: 80...100, scene: scene, using: &first)
            let b = try CircleSoundEntity(sound: "bluejay", bearingRange: 80...100, scene: scene, using: &second)
            #expect((80...100).contains(a.bearing.degrees))
            #expect(a.bearing == b.bearing)
        }
    }

    @Test func aRangeAcrossForwardWrapsIntoTheCircle() throws {
        var generator = SeededRandom(seed: 8)
        for _ in 0..<50 {
            let entity = try CircleSoundEntity(
                sound: "frog", bearingRange: 350...370, scene: FakeAudioScene(), using: &generator)
            #expect(entity.bearing.separation(from: .forward) <= 10)
        }
    }
}
