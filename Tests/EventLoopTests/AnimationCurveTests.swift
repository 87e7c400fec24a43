import Testing
import EventLoop

@Suite("AnimationCurve")
struct AnimationCurveTests {
    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) < tolerance }

    @Test("every curve starts at exactly 0, ends at exactly 1, and clamps outside", arguments: AnimationCurve.allCases)
    func endpoints(curve: AnimationCurve) {
        #expect(curve.progress(at: 0) == 0)
        #expect(curve.progress(at: 1) == 1)
        #expect(curve.progress(at: -1) == 0)
        #expect(curve.progress(at: 2) == 1)
    }

    @Test("every curve rises monotonically", arguments: AnimationCurve.allCases)
    func monotonic(curve: AnimationCurve) {
        var last = 0.0
        for i in 1...100 {
            let value = curve.progress(at: Double(i) / 100)
            #expect(value >= last)
            last = value
        }
    }

    @Test("the curves have Core Animation's shapes")
    func shapes() {
        #expect(AnimationCurve.linear.progress(at: 0.3) == 0.3)
        #expect(close(AnimationCurve.easeIn.progress(at: 0.5), 0.315357))
        #expect(close(AnimationCurve.easeOut.progress(at: 0.5), 0.684643))
        #expect(close(AnimationCurve.easeInOut.progress(at: 0.25), 0.129162))
        #expect(close(AnimationCurve.easeInOut.progress(at: 0.5), 0.5))
        for t in stride(from: 0.05, to: 1, by: 0.05) {
            #expect(AnimationCurve.easeIn.progress(at: t) < t)
            #expect(AnimationCurve.easeOut.progress(at: t) > t)
            #expect(close(AnimationCurve.easeInOut.progress(at: t) + AnimationCurve.easeInOut.progress(at: 1 - t), 1))
        }
    }

    @Test("curves are named as scripts name them")
    func names() {
        #expect(AnimationCurve(rawValue: "easeInOut") == .easeInOut)
        #expect(AnimationCurve.allCases.map(\.rawValue) == ["linear", "easeIn", "easeOut", "easeInOut"])
    }
}
