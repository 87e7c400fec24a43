// MARK: - The one hook for replaced methods

/// One call of an overridable method of a ScreenKit class, with its arguments: what an
/// ``OverrideHook`` is asked to run instead of the method.
///
/// Each kind of object has its own: ``View/Callback`` and ``View/Question``,
/// ``ViewController/Callback`` and ``ViewController/Question``, the
/// ``CollectionViewLayout`` questions and ``GestureRecognizer/Callback``.
public protocol OverridableMethod {
    /// What the method gives back: `Void` for a callback, `Bool` for a question, a size,
    /// attributes, ... Never an optional: the hook's nil means no replacement, so an answer
    /// of none is a value of its own (``CollectionViewLayout/ElementAnswer``).
    associatedtype Answer
    /// The method's name as a replacement defines it: UIKit's, without the Objective-C
    /// parameter clutter (`layoutSubviews`, `pointInside`, `attributesInRect`).
    var name: String { get }
}

/// What replaces overridable methods of one object, stored in the object itself
/// (``View/overrideHook``, ``ViewController/overrideHook``,
/// ``CollectionViewLayout/overrideHook``, ``GestureRecognizer/overrideHook``), so that any
/// class of ScreenKit can be extended from outside without a subclass of its own.
///
/// Wherever ScreenKit calls an overridable method — hit testing asks `pointInside`, layout
/// runs `layoutSubviews`, a container sends `viewDidLoad`, a collection view asks its layout
/// `attributesInRect`, the window gives a recognizer its touches — it asks the hook first and
/// runs the object's own method only when the hook answers nil. A replacement that wants the
/// Swift behaviour as well calls the method itself (its `super` call).
///
/// An object without a hook pays one flag check per call.
///
/// ```swift
/// final class Logger: OverrideHook {
///     var className: String? { "Logged" }
///     func callOverride<Method: OverridableMethod>(_ method: Method, on object: AnyObject) -> Method.Answer? {
///         print(method.name)
///         return nil  // the object's own method runs
///     }
/// }
/// view.overrideHook = Logger()
/// ```
public protocol OverrideHook: AnyObject {
    /// The name of the class that extends the object's (a script's class), for messages;
    /// nil for the Swift class's.
    var className: String? { get }

    /// Runs the replacement of `method` on `object`.
    /// - Returns: the replacement's answer (`()` for a callback it ran), or nil when there is
    ///   none and the object's own method is to run.
    func callOverride<Method: OverridableMethod>(_ method: Method, on object: AnyObject) -> Method.Answer?
}

/// An object that keeps an ``OverrideHook``: every view, controller, collection view layout
/// and gesture recognizer, so that whoever extends them handles all four one way.
public protocol OverrideHookHolder: AnyObject {
    var overrideHook: (any OverrideHook)? { get set }
}

extension View: OverrideHookHolder {}
extension ViewController: OverrideHookHolder {}
extension CollectionViewLayout: OverrideHookHolder {}
extension GestureRecognizer: OverrideHookHolder {}
