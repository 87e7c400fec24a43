import ScreenKit

/// The stack figures: a column of 100 labels laid out by a stack view against the same
/// labels placed by hand with frames in a view's `layoutSubviews`, each resized between two
/// widths every pass so both move every label; and, for information, the same when every
/// label's text changes before each pass (the stack measures the new texts, the hand
/// layout does not).
///
/// `screens-bench stack` runs them.
func runStackBenchmarks(_ bench: inout Benchmark) {
    let all = bench.wants("stack")
    let layout = "stack: lay out 100 arranged labels (vs placing them by hand with frames)"
    if all || bench.wants(layout) {
        bench.report(stackFigure(layout, bench, changingText: false, target: 2))
    }
    let texts = "stack: lay out 100 labels whose texts changed (vs by hand)"
    if all || bench.wants(texts) {
        bench.report(stackFigure(texts, bench, changingText: true, target: nil))
    }
}

/// The labels a column holds, 16 points tall each.
private let labelCount = 100

private func labels() -> [Label] {
    (0..<labelCount).map { index in
        let label = Label()
        label.text = "Label \(index)"
        return label
    }
}

/// A view that places its labels one under the other by hand, as apps did before stacks.
private final class HandPlaced: View {
    var labels: [Label] = []

    override func layoutSubviews() {
        for (index, label) in labels.enumerated() {
            label.frame = Rect(x: 0, y: Double(index) * 16, width: bounds.width, height: 16)
        }
    }
}

private func stackFigure(_ name: String, _ bench: Benchmark, changingText: Bool, target: Double?) -> Figure {
    let height = Double(labelCount) * 16
    let stack = StackView(axis: .vertical, frame: Rect(x: 0, y: 0, width: 320, height: height))
    let stacked = labels()
    try? stack.setArrangedSubviews(stacked)
    let hand = HandPlaced(frame: Rect(x: 0, y: 0, width: 320, height: height))
    hand.labels = labels()
    for label in hand.labels { try? hand.addSubview(label) }
    var pass = 0
    /// Lays `view` out `count` times, at 320 and 300 points wide in turn.
    func layOut(_ view: View, _ labels: [Label], _ count: Int) -> Double {
        bench.time {
            for _ in 0..<count {
                pass += 1
                if changingText {
                    for label in labels { label.text = pass.isMultiple(of: 2) ? "Label" : "Label again" }
                }
                view.frame.size.width = pass.isMultiple(of: 2) ? 320 : 300
                view.setNeedsLayout()
                view.layoutIfNeeded()
            }
        }
    }
    let (ours, baseline) = bench.compare(
        operations: 2_000,
        ours: { n in layOut(stack, stacked, n) },
        baseline: { n in layOut(hand, hand.labels, n) })
    for view in [stack, hand] as [View] {
        view.frame.size.width = 320
        view.layoutIfNeeded()
    }
    let placed = zip(stacked, hand.labels).allSatisfy { $0.frame == $1.frame }
    guard placed else {
        print("\(name): the stack did not place the labels where the hand layout did")
        return Figure(name: name, ours: .infinity, baseline: baseline, unit: "ns/pass", target: target)
    }
    return Figure(name: name, ours: ours, baseline: baseline, unit: "ns/pass", target: target)
}
