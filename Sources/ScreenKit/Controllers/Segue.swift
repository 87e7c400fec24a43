/// A transition from one controller to another, as `UIStoryboardSegue`.
///
/// Made by ``ViewController/performSegue(withIdentifier:sender:)`` from a registered
/// ``SegueTemplate``: the source's `prepare(for:sender:)` sees it before the destination
/// appears.
public final class Segue {
    public enum Kind: String, CaseIterable, Sendable, Equatable {
        /// Pushes the destination on the source's navigation controller.
        case push
        /// Presents the destination modally from the source.
        case modal
        /// Runs the template's `perform`, which does the containment itself.
        case custom
    }

    public let identifier: String?
    public let source: ViewController
    public let destination: ViewController
    public let kind: Kind
    private let performer: ((Segue) throws -> Void)?

    /// A segue to perform directly, made in code rather than from a registered template.
    public init(
        identifier: String?, source: ViewController, destination: ViewController,
        kind: Kind = .custom, perform: ((Segue) throws -> Void)? = nil
    ) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.kind = kind
        self.performer = perform
    }

    /// Shows the destination the way the kind says.
    /// - Throws: ``ControllerError`` when a push has no navigation controller, a custom segue
    ///   has no `perform`, or the container refuses; whatever a custom `perform` throws.
    public func perform() throws {
        let name = identifier.map { "segue '\($0)'" } ?? "segue"
        switch kind {
        case .push:
            guard let navigation = (source as? NavigationController) ?? source.navigationController else {
                throw ControllerError("\(name) pushes \(destination), but \(source) is not in a navigation controller")
            }
            try navigation.push(destination, animated: true)
        case .modal:
            try source.present(destination, animated: true)
        case .custom:
            guard let performer else { throw ControllerError("custom \(name) from \(source) has no perform function") }
            try performer(self)
        }
    }
}

/// A registered segue: what ``ViewController/performSegue(withIdentifier:sender:)`` builds.
public struct SegueTemplate {
    public let identifier: String
    public let kind: Segue.Kind
    /// Makes a new destination each time the segue is performed.
    public let makeDestination: () throws -> ViewController
    public let perform: ((Segue) throws -> Void)?

    public init(
        identifier: String, kind: Segue.Kind, destination: @escaping () throws -> ViewController,
        perform: ((Segue) throws -> Void)? = nil
    ) {
        self.identifier = identifier
        self.kind = kind
        self.makeDestination = destination
        self.perform = perform
    }
}

extension ViewController {
    /// Registers a segue this controller can perform by identifier.
    public func register(_ template: SegueTemplate) {
        segueTemplates[template.identifier] = template
    }

    /// Performs the segue registered as `identifier`: makes the destination, calls
    /// `prepare(for:sender:)` on this controller, then shows the destination.
    /// - Throws: ``ControllerError`` when no segue has that identifier; what the segue throws.
    @discardableResult
    public func performSegue(withIdentifier identifier: String, sender: Any?) throws -> Segue {
        let found = segueTemplate(withIdentifier: identifier)
            ?? overrideHook?.callOverride(SegueLookup(identifier: identifier), on: self)
        guard let template = found else {
            throw ControllerError("\(self) has no segue '\(identifier)'")
        }
        let segue = Segue(
            identifier: identifier, source: self, destination: try template.makeDestination(),
            kind: template.kind, perform: template.perform)
        send(.prepareForSegue(segue, sender: sender))
        try segue.perform()
        return segue
    }
}
