import EventLoop

/// Animates the changes a block makes to views, as `UIView.animate(withDuration:animations:)`.
///
/// While the block runs, the first old value of each view's `center`, `bounds`, `transform`
/// and `alpha` it changes is recorded. Afterwards each such property goes back to its old
/// value and moves to the new one frame by frame on the loop's clock.
public final class ViewAnimation {
    /// The animation whose block is running, if any.
    ///
    /// It is the one piece of view state not kept by a view or a host, because a view that a
    /// block changes may be in no window, and so know no loop to ask. It cannot leak between
    /// hosts: it is set only for the synchronous call of a block, on the main actor, and put
    /// back when the block returns; a block (Lua's too: its errors are caught inside the
    /// call) cannot leave it set, and two hosts' blocks never run at once.
    static var recording: ViewAnimation?

    enum Property {
        case center(Point), bounds(Rect), transform(AffineTransform), alpha(Double)

        var key: Int {
            switch self {
            case .center: 0
            case .bounds: 1
            case .transform: 2
            case .alpha: 3
            }
        }
    }

    private struct Change {
        let view: View
        let from: Property
        var to: Property
    }

    private struct Key: Hashable {
        let view: ObjectIdentifier
        let property: Int
    }

    private var changes: [Change] = []
    private var recorded: Set<Key> = []

    private init() {}

    func record(_ view: View, _ old: Property) {
        guard recorded.insert(Key(view: ObjectIdentifier(view), property: old.key)).inserted else { return }
        changes.append(Change(view: view, from: old, to: old))
    }

    /// Runs `animations`, then animates what it changed over `duration` seconds of `loop`'s
    /// clock and calls `completion(true)` at the end (`false` if the loop cancels it).
    ///
    /// Without a loop, or with no positive duration, the changes stay as made and
    /// `completion` is called at once.
    ///
    /// - Parameter label: what the animation is for messages about work in flight ("the push
    ///   of Detail"); by default the properties it moves and their views.
    public static func run(
        duration: Double, curve: AnimationCurve = .easeInOut, on loop: EventLoop?, label: (() -> String)? = nil,
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        guard let loop, duration > 0, recording == nil else {
            animations()
            completion?(true)
            return
        }
        let animation = ViewAnimation()
        do {
            recording = animation
            defer { recording = nil }
            animations()
        }
        for index in animation.changes.indices {
            let change = animation.changes[index]
            animation.changes[index].to = change.view.value(like: change.from)
            change.view.apply(change.from)
        }
        let changes = animation.changes
        let running = loop.animate(duration: duration, curve: curve, step: { progress in
            for change in changes { change.view.apply(interpolate(change.from, change.to, progress)) }
        }, completion: completion)
        running.describe = label ?? { summary(of: changes) }
    }

    /// "the animation of alpha of Label 'Saved', center of View": what an animation moves.
    private static func summary(of changes: [Change]) -> String {
        guard !changes.isEmpty else { return "an animation that changes nothing" }
        let names = ["center", "bounds", "transform", "alpha"]
        let parts = changes.prefix(4).map { "\(names[$0.from.key]) of \($0.view.summary)" }
        return "the animation of " + parts.joined(separator: ", ") + (changes.count > 4 ? ", …" : "")
    }

    private static func interpolate(_ from: Property, _ to: Property, _ t: Double) -> Property {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        func mix(_ a: Point, _ b: Point) -> Point { Point(x: mix(a.x, b.x), y: mix(a.y, b.y)) }
        switch (from, to) {
        case (.center(let a), .center(let b)): return .center(mix(a, b))
        case (.bounds(let a), .bounds(let b)):
            return .bounds(Rect(origin: mix(a.origin, b.origin),
                                size: Size(width: mix(a.size.width, b.size.width), height: mix(a.size.height, b.size.height))))
        case (.transform(let a), .transform(let b)):
            return .transform(AffineTransform(a: mix(a.a, b.a), b: mix(a.b, b.b), c: mix(a.c, b.c), d: mix(a.d, b.d),
                                              tx: mix(a.tx, b.tx), ty: mix(a.ty, b.ty)))
        case (.alpha(let a), .alpha(let b)): return .alpha(mix(a, b))
        default: return to
        }
    }
}

extension View {
    /// Animates the changes `animations` makes; see ``ViewAnimation``.
    public static func animate(
        duration: Double, curve: AnimationCurve = .easeInOut, on loop: EventLoop?, label: (() -> String)? = nil,
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        ViewAnimation.run(
            duration: duration, curve: curve, on: loop, label: label, animations: animations, completion: completion)
    }

    /// "ui.Label 'Saved'", "ui.Button 'Edit'", "ui.TableView": the view's class (see
    /// ``className``) and its accessibility label (a label's text, a button's title) or
    /// value (a field's text), for messages.
    public var summary: String {
        let name = className
        let description = contentDescription
        guard let shown = description.accessibilityLabel ?? description.accessibilityValue, !shown.isEmpty
        else { return name }
        let line = shown.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return "\(name) '\(line.count > 30 ? line.prefix(30) + "…" : line)'"
    }

    fileprivate func value(like property: ViewAnimation.Property) -> ViewAnimation.Property {
        switch property {
        case .center: .center(center)
        case .bounds: .bounds(bounds)
        case .transform: .transform(transform)
        case .alpha: .alpha(alpha)
        }
    }

    fileprivate func apply(_ property: ViewAnimation.Property) {
        switch property {
        case .center(let value): center = value
        case .bounds(let value): bounds = value
        case .transform(let value): transform = value
        case .alpha(let value): alpha = value
        }
    }
}
