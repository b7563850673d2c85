import Testing

@testable import ShatterCore

@Suite struct FrameTimelineTests {
    @Test(arguments: [(1.2, 60.0, 73), (1.0, 60.0, 61), (0.0, 60.0, 1), (2.3078, 30.0, 71), (10.5, 24.0, 253)])
    func frameCountIncludesBothEnds(duration: Double, fps: Double, count: Int) {
        #expect(FrameTimeline(duration: duration, fps: fps).count == count)
    }

    @Test func frameTimeIsIndexOverFPS() {
        let timeline = FrameTimeline(duration: 1.2, fps: 60)
        #expect(timeline.time(of: 0) == 0)
        #expect(timeline.time(of: 72) == 1.2)
    }
}

@Suite struct CounterRNGTests {
    @Test func valuesArePureFunctionsOfTheKey() {
        let a = CounterRNG(seed: 1, stream: .shatter)
        let b = CounterRNG(seed: 1, stream: .shatter)
        #expect(a.uniform(index: 123, draw: 1) == b.uniform(index: 123, draw: 1))
        #expect(a.uniform(index: 123, draw: 1) != a.uniform(index: 124, draw: 1))
        #expect(a.uniform(index: 123, draw: 1) != a.uniform(index: 123, draw: 0))
        #expect(a.uniform(index: 5, draw: 0) != CounterRNG(seed: 2, stream: .shatter).uniform(index: 5, draw: 0))
        #expect(a.uniform(index: 5, draw: 0) != CounterRNG(seed: 1, stream: .dust).uniform(index: 5, draw: 0))
    }

    @Test func uniformIsInUnitIntervalAndEvenlySpread() {
        let rng = CounterRNG(seed: 7, stream: .shatter)
        var buckets = [Int](repeating: 0, count: 10)
        let n = 100_000
        for i in 0..<n {
            let u = rng.uniform(index: UInt64(i), draw: 0)
            #expect(u >= 0 && u < 1)
            buckets[Int(u * 10)] += 1
        }
        // Each decile within 3% of n/10 (σ ≈ 0.95% of n/10 for a fair generator).
        for count in buckets { #expect(abs(count - n / 10) < n / 10 * 3 / 100) }
    }
}

@Suite struct GuardBandTests {
    @Test func marginIsHalfTheLargestSpriteRoundedUpPlusOne() {
        #expect(GuardBand(width: 10, height: 10, largestPointSize: 2).pixels == 2)
        #expect(GuardBand(width: 10, height: 10, largestPointSize: 3).pixels == 3)
        #expect(GuardBand(width: 10, height: 10, largestPointSize: 0).pixels == 1)
        let band = GuardBand(width: 100, height: 50, largestPointSize: 16)
        #expect(band.pixels == 9 && band.framebufferWidth == 118 && band.framebufferHeight == 68)
        #expect(band.clipScale == SIMD2(Float(100) / 118, Float(50) / 68))
    }
}
