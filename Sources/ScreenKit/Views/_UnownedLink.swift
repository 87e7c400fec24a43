/// A back reference from a view to what holds it (its superview, the controller whose root
/// view it is) that neither retains nor checks: the one unsafe reference of ScreenKit's
/// types, fenced here with its invariant.
///
/// **Invariant:** the object named outlives the link. The holder clears the link before it
/// lets the view go: a superview clears its subviews' links when it removes them or goes
/// (`View.deinit`), a controller its view's when it gives the view up or goes. A read never
/// finds a freed object.
///
/// Why not `weak`: a weak reference moves the object's reference count to a side table,
/// which slows every retain and release of every view; nor `unowned` (safe), whose check
/// costs each read on hit testing's inner loop (the `ui: hit test` figure of screens-bench).
///
/// Only `View` and `ViewController` use it, through `View._superview` and
/// `View._controller`.
nonisolated struct _UnownedLink<Object: AnyObject> {
    unowned(unsafe) var object: Object?

    init(_ object: Object? = nil) {
        self.object = object
    }
}
