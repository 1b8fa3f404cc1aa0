// The tailored output stage's cost per 512-frame block: notch + per-ear audiogram gains + volume + limiter + exposure meter.
import Foundation
import GameCore
import SpatialAudio

/// `make bench`'s output-stage suite: the chain a patient with a notch and a sloping loss hears (4 notch biquads
/// and the gain curve's biquads per ear, then volume, a limiter kept busy by loud noise and the exposure meter), run
/// on 512-frame blocks of noise as the audio callback would, timed in thread CPU time. The goal from issue 10: under
/// 5 % of a block's 10.7 ms. The exposure meter (3 A-weighting biquads per ear) is also timed on its own.
enum OutputStageBenchmarks {
    static func run() throws -> [BenchmarkResult] {
        let engine = try SpatialAudioEngine()
        let audiogram = Audiogram(
            unit: .hearingLevel, left: [250: 10, 500: 15, 1000: 20, 2000: 30, 4000: 45, 6000: 55, 8000: 60],
            right: [250: 20, 500: 25, 1000: 30, 2000: 45, 4000: 65, 6000: 70, 8000: 70])
        let tailoring = OutputTailoring(
            audiogram: audiogram, rule: .nalR, maxGainDB: 20, notch: NotchSetting(centerHz: 4000, widthOctaves: 1),
            ceilingDBFS: -1, profileVersion: 1)
        let output = TailoredOutput(engine: engine, tailoring: tailoring)
        let chain: [any OutputProcessor] = [output.filters, engine.volume, output.limiter, output.meter]
        let frames = 512
        var random = SeededRandom(seed: 10)
        let noise = (0..<(frames * 2)).map { _ in Float(random.bipolar()) }
        var block = noise
        // The thread's CPU time, so the other processes of a shared machine preempting it do not count.
        func cpuSeconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let blocks = 4000
        /// Each block's CPU time through `processors`, sorted, and the mean over the whole loop.
        func time(_ processors: [any OutputProcessor]) -> (sorted: [Double], mean: Double) {
            var times: [Double] = []
            times.reserveCapacity(blocks)
            let loopStart = cpuSeconds()
            for _ in 0..<blocks {
                block.replaceSubrange(0..<block.count, with: noise)
                let start = cpuSeconds()
                block.withUnsafeMutableBufferPointer { pointer in
                    for processor in processors { processor.process(pointer) }
                }
                times.append(cpuSeconds() - start)
            }
            return (times.sorted(), (cpuSeconds() - loopStart) / Double(blocks))
        }
        let (times, mean) = time(chain)
        let median = times[times.count / 2]
        let meterTimes = time([output.meter]).sorted
        let meterMedian = meterTimes[meterTimes.count / 2]
        let blockSeconds = Double(frames) / Double(SpatialAudioEngine.sampleRate)
        let sections = TailoredOutputDesignCount.sections(tailoring)
        return [
            BenchmarkResult(name: "audio.output_stage.block512_cpu_median", value: median * 1e6, unit: "us"),
            BenchmarkResult(name: "audio.output_stage.block512_cpu_mean", value: mean * 1e6, unit: "us"),
            BenchmarkResult(
                name: "audio.output_stage.block512_cpu_p99", value: times[times.count * 99 / 100] * 1e6, unit: "us"),
            BenchmarkResult(name: "audio.output_stage.share_of_block", value: median / blockSeconds * 100, unit: "%"),
            BenchmarkResult(name: "audio.output_stage.biquads_per_ear", value: Double(sections), unit: "count"),
            BenchmarkResult(
                name: "audio.output_stage.exposure_meter_block512_cpu_median", value: meterMedian * 1e6, unit: "us"),
            BenchmarkResult(
                name: "audio.output_stage.exposure_meter_share_of_block", value: meterMedian / blockSeconds * 100,
                unit: "%"),
        ]
    }
}

/// How many biquads the benchmarked design runs per ear (the left ear's, which has the same band count).
enum TailoredOutputDesignCount {
    static func sections(_ tailoring: OutputTailoring) -> Int {
        let rate = Double(SpatialAudioEngine.sampleRate)
        let notch = tailoring.notch.map {
            BandStopDesign.sections(centerHz: $0.centerHz, widthOctaves: $0.widthOctaves, sampleRate: rate)
        }
        return (notch?.count ?? 0) + EarGainDesign.sections(gains: tailoring.leftGains, sampleRate: rate).count
    }
}
