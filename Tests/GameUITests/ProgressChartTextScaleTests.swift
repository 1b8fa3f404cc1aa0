// The progress chart's own labels grow with large text (issue 38: they stayed tiny beside the window's large text).
import CSDL2
import Foundation
import SessionRuntime
import Testing

@testable import GameUI

@Suite struct ProgressChartTextScaleTests {
    static let series = ProgressSeries(
        participant: "P07",
        points: (1...3).map {
            ProgressSeries.Point(
                sessionIndex: $0, startedAt: Date(timeIntervalSince1970: Double($0) * 86_400), photos: 10,
                medianAbsDeviationDeg: 60 / Double($0), reversalRate: 0.1, medianTimeSeconds: 12.5)
        })

    /// Pixels of exactly the labels' white in the panels (titles, grid values, session numbers).
    static func labelPixels(scale: Double) throws -> Int {
        var chart = ProgressChart(series: series, today: Date(timeIntervalSince1970: 0))
        chart.textScale = scale
        let surface = try chart.makeSurface()
        let pointer = surface.pointer
        SDL_LockSurface(pointer)
        defer { SDL_UnlockSurface(pointer) }
        let pixels = try #require(pointer.pointee.pixels)
        var count = 0
        for y in 70..<460 {
            let row = pixels.advanced(by: y * Int(pointer.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(pointer.pointee.w) {
                var (r, g, b): (UInt8, UInt8, UInt8) = (0, 0, 0)
                SDL_GetRGB(row[x], pointer.pointee.format, &r, &g, &b)
                if (r, g, b) == (240, 240, 235) { count += 1 }
            }
        }
        return count
    }

    @Test func theChartsLabelsAreLargerInLargeText() throws {
        let normal = try Self.labelPixels(scale: 1)
        let large = try Self.labelPixels(scale: 1.3)
        #expect(normal > 0)
        // Glyph areas grow with the square of the size: 1.3² ≈ 1.7.
        #expect(Double(large) > Double(normal) * 1.4, "\(normal) label pixels at normal size, \(large) in large text")
    }
}
