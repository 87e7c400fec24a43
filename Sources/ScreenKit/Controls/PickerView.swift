/// What a picker asks for its wheels (`UIPickerViewDataSource`): how many components
/// (wheels) it has, and how many rows each.
public protocol PickerViewDataSource: AnyObject {
    func numberOfComponents(in pickerView: PickerView) -> Int
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int
}

/// What a picker asks of its rows and tells of a person's choice (`UIPickerViewDelegate`);
/// both methods are optional.
public protocol PickerViewDelegate: AnyObject {
    /// The title of a row; nil shows "?", as UIKit does.
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// A person turned a wheel to `row` (code's `selectRow` does not tell).
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int)
}

extension PickerViewDelegate {
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {}
}

/// Wheels of rows to choose from, one per component (`UIPickerView`): the selected row of
/// each sits in the middle, the rows around it above and below.
///
/// A person turns a wheel by dragging it, with the mouse wheel over it, or with the arrow
/// keys while the picker has the focus (up and down turn the focused wheel, left and right
/// move between wheels; Home and End go to its first and last row), and taps a row above or
/// below the selection to select it; each of these tells the delegate (`didSelectRow`).
/// ``selectRow(_:inComponent:animated:)`` does not, as in UIKit.
///
/// The picker asks its data source for the counts when it first needs them and again after
/// ``reloadAllComponents()`` or ``reloadComponent(_:)``, and its delegate for the titles of the
/// rows in view only, when it lays out: a wheel of a million rows costs what one of ten does.
///
/// ```swift
/// let picker = PickerView()          // 320 × 216, as UIKit's
/// picker.dataSource = months
/// picker.delegate = months
/// picker.selectRow(3, inComponent: 0, animated: false)
/// ```
open class PickerView: View {
    /// The size a picker made without a frame has, UIKit's.
    public static let defaultSize = Size(width: 320, height: 216)

    /// A stack gives a picker UIKit's height for it, and the width it has: its wheels fill
    /// what they get.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: PickerView.defaultSize.height) }
    /// The most components a picker shows; a data source that answers more gets this many.
    public static let maximumComponents = 100
    /// The most rows a component has; a data source that answers more gets this many.
    public static let maximumRows = 1 << 48

    /// Held weakly, as UIKit holds it; setting it reloads the components.
    public weak var dataSource: (any PickerViewDataSource)? {
        didSet { reloadAllComponents() }
    }

    /// Held weakly; setting it asks again for the titles.
    public weak var delegate: (any PickerViewDelegate)? {
        didSet { reloadTitles() }
    }

    /// The rows of each component, as the data source last said; nil until it is asked.
    private var counts: [Int]?
    /// The selected row of each component (0 in one without rows).
    private var selected: [Int] = []
    /// The titles asked for, by component and row ("?" where the delegate gave none).
    private var titles: [[Int: String]] = []
    /// Set while the data source is asked, so that a data source that asks the picker back
    /// (`selectedRow` inside `numberOfRows`) does not make it ask again, without end.
    private var isLoading = false
    /// Set while the delegate is asked for a title: one that turns the picker as it answers
    /// is not asked again inside.
    private var isAskingTitle = false
    /// The wheel the arrow keys turn.
    public private(set) var focusedComponent = 0
    /// The finger on a wheel, and the row that wheel had when it came down.
    private var touch: (tracking: WheelLayout.Touch, startRow: Int)?

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// A picker of UIKit's size, 320 × 216.
    public convenience init() {
        self.init(frame: Rect(origin: .zero, size: PickerView.defaultSize))
    }

    // MARK: - Components and rows

    /// How many components (wheels) the data source gives.
    public var numberOfComponents: Int {
        loadIfNeeded()
        return counts?.count ?? 0
    }

    /// How many rows `component` has; 0 for no such component.
    public func numberOfRows(inComponent component: Int) -> Int {
        loadIfNeeded()
        guard let counts, counts.indices.contains(component) else { return 0 }
        return counts[component]
    }

    /// The selected row of `component` (from 0); -1 when it has no rows or there is no such
    /// component, as UIKit answers.
    public func selectedRow(inComponent component: Int) -> Int {
        guard numberOfRows(inComponent: component) > 0, selected.indices.contains(component) else { return -1 }
        return selected[component]
    }

    /// Turns `component` to `row` without telling the delegate. A row or component that is
    /// not there is taken as the nearest that is (the bindings refuse them before).
    ///
    /// - Parameter animated: accepted for UIKit's sake; the wheel is at the row at once.
    public func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        loadIfNeeded()
        setSelection(row, in: component)
    }

    /// Asks the data source again for the components and their rows, and the delegate for
    /// the titles; the selections are kept where their rows still are.
    public func reloadAllComponents() {
        counts = nil
        titles = []
        setNeedsLayout()
    }

    /// Asks the data source again for the rows of `component`, and the delegate for their
    /// titles; its selection is kept where that row still is.
    public func reloadComponent(_ component: Int) {
        guard let current = counts, current.indices.contains(component) else { return reloadAllComponents() }
        let rows = askRows(component)
        guard var counts, counts.indices.contains(component), selected.indices.contains(component),
              titles.indices.contains(component) else { return }
        counts[component] = rows
        self.counts = counts
        selected[component] = Self.clamp(selected[component], rows: rows)
        titles[component] = [:]
        setNeedsLayout()
    }

    /// Asks the data source for the counts when they are not known (see ``reloadAllComponents()``).
    func loadIfNeeded() {
        guard counts == nil, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        let components = min(max(dataSource?.numberOfComponents(in: self) ?? 0, 0), Self.maximumComponents)
        let loaded = (0..<components).map(askRows)
        let previous = selected
        selected = loaded.indices.map { Self.clamp(previous.indices.contains($0) ? previous[$0] : 0, rows: loaded[$0]) }
        titles = Array(repeating: [:], count: components)
        counts = loaded
        focusedComponent = min(focusedComponent, max(components - 1, 0))
    }

    private func askRows(_ component: Int) -> Int {
        min(max(dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0, 0), Self.maximumRows)
    }

    private func reloadTitles() {
        titles = titles.map { _ in [:] }
        setNeedsLayout()
    }

    /// A row within `0..<rows` (0 when there are none).
    private static func clamp(_ row: Int, rows: Int) -> Int {
        min(max(row, 0), max(rows - 1, 0))
    }

    /// Sets the selection of `component` to `row`, taken within its rows; whether it changed.
    @discardableResult
    private func setSelection(_ row: Int, in component: Int) -> Bool {
        guard let counts, counts.indices.contains(component), selected.indices.contains(component) else { return false }
        let row = Self.clamp(row, rows: counts[component])
        guard row != selected[component] else { return false }
        selected[component] = row
        setNeedsLayout()
        // The selected title at once, for what reads it before the next layout (the REPL).
        askTitle(row, in: component)
        return true
    }

    /// Asks the delegate for a row's title unless it has given it; not while it is giving
    /// one, should it turn the picker as it answers.
    private func askTitle(_ row: Int, in component: Int) {
        guard !isAskingTitle, titles.indices.contains(component), titles[component][row] == nil else { return }
        isAskingTitle = true
        defer { isAskingTitle = false }
        let title = delegate?.pickerView(self, titleForRow: row, forComponent: component) ?? "?"
        // The delegate may have reloaded the picker as it answered.
        guard titles.indices.contains(component), let counts, counts.indices.contains(component),
              row < counts[component] else { return }
        // A wheel turned far keeps the titles of the rows around it only.
        if titles[component].count > Self.keptTitles { titles[component] = [:] }
        titles[component][row] = title
    }

    /// The most titles a wheel keeps: many times the rows in view.
    private static let keptTitles = 8 * (2 * WheelLayout.maximumReach + 1)

    /// A person's choice: sets the selection and tells the delegate when it changed.
    private func choose(_ row: Int, in component: Int) -> Bool {
        guard setSelection(row, in: component) else { return false }
        tellSelection(of: component)
        return true
    }

    private func tellSelection(of component: Int) {
        guard selected.indices.contains(component) else { return }
        delegate?.pickerView(self, didSelectRow: selected[component], inComponent: component)
    }

    /// Turns the wheel of `component` by `rows` (down the list for positive), as a person.
    private func turn(_ component: Int, by rows: Int) -> Bool {
        loadIfNeeded()
        guard selected.indices.contains(component) else { return false }
        let current = selected[component]
        return choose(current.addingReportingOverflow(rows).overflow ? current : current + rows, in: component)
    }

    // MARK: - Layout and description

    private var wheelLayout: WheelLayout {
        WheelLayout(bounds: bounds, weights: (counts ?? []).map { _ in 1 })
    }

    /// Asks the delegate for the titles of the rows in view that it has not given yet.
    open override func layoutSubviews() {
        loadIfNeeded()
        guard let counts else { return }
        let reach = wheelLayout.reach
        for component in counts.indices {
            for offset in -reach...reach {
                // The delegate may change the picker while it answers: look again each time.
                guard let current = self.counts, current.indices.contains(component), selected.indices.contains(component)
                else { return }
                let row = selected[component] + offset
                guard row >= 0, row < current[component] else { continue }
                askTitle(row, in: component)
            }
        }
    }

    /// Its wheels, the selected row of each in the middle; the titles are what the delegate
    /// gave at the last layout. Reads as the selected titles; adjustable.
    open override var contentDescription: ViewDescription {
        let counts = self.counts ?? []
        let focused = counts.count > 1 && window?.isFocusTarget(self) == true ? focusedComponent : nil
        let wheels = wheelLayout.describe(focused: focused) { component, offset in
            guard counts.indices.contains(component), selected.indices.contains(component) else { return nil }
            let row = selected[component] + offset
            guard row >= 0, row < counts[component] else { return nil }
            return titles.indices.contains(component) ? titles[component][row] ?? "?" : "?"
        }
        let description = ViewDescription.Wheels(wheels: wheels, rowHeight: WheelLayout.rowHeight, focusColor: effectiveTintColor)
        let value = description.selectedTitles.joined(separator: ", ")
        return ViewDescription(
            .wheels(description), kind: "PickerView", accessibilityLabel: accessibilityLabel,
            accessibilityValue: value.isEmpty ? nil : value, traits: .adjustable, activatesByTap: false)
    }

    // MARK: - Keys and the wheel

    open override var canBecomeFocused: Bool { true }

    /// Up and down turn the focused wheel a row, page up and down by the rows in view; left
    /// and right move to the wheel before or after (round from the last to the first) when
    /// there are several.
    open override func keyPressed(_ direction: FocusDirection) -> Bool {
        loadIfNeeded()
        let page = max(wheelLayout.reach, 1)
        switch direction {
        case .up: return turn(focusedComponent, by: -1)
        case .down: return turn(focusedComponent, by: 1)
        case .pageUp: return turn(focusedComponent, by: -page)
        case .pageDown: return turn(focusedComponent, by: page)
        case .left, .right:
            let count = counts?.count ?? 0
            guard count > 1 else { return false }
            focusedComponent = (focusedComponent + (direction == .right ? 1 : count - 1)) % count
            return true
        case .home, .end: return false
        }
    }

    /// Turns the focused wheel: a row down (increment) or up, or to its first or last row.
    open override func accessibilityAdjust(_ step: AccessibilityStep) -> Bool {
        loadIfNeeded()
        switch step {
        case .increment: return turn(focusedComponent, by: 1)
        case .decrement: return turn(focusedComponent, by: -1)
        case .toStart: return choose(0, in: focusedComponent)
        case .toEnd: return choose(numberOfRows(inComponent: focusedComponent) - 1, in: focusedComponent)
        }
    }

    /// Turns the wheel under the pointer, a row for each row's height of `dy` (at least one).
    open override func scrollWheel(_ dy: Double, at point: Point) -> Bool {
        loadIfNeeded()
        guard let component = wheelLayout.wheel(at: point.x), numberOfRows(inComponent: component) > 0 else { return false }
        guard dy.isFinite, dy != 0 else { return true }
        focusedComponent = component
        let rows = Int(min(max(abs(dy) / WheelLayout.rowHeight, 1), 1e6))
        _ = turn(component, by: dy > 0 ? rows : -rows)
        return true
    }

    // MARK: - Touches

    // The picker keeps the touches on its wheels rather than pass them on.
    open override func touchesBegan(_ touches: [Touch]) {
        guard let first = touches.first else { return }
        loadIfNeeded()
        let point = first.location(in: self)
        guard let component = wheelLayout.wheel(at: point.x), numberOfRows(inComponent: component) > 0 else {
            touch = nil
            return
        }
        focusedComponent = component
        touch = (WheelLayout.Touch(wheel: component, y: point.y), selected[component])
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard var current = touch, let first = touches.first else { return }
        if let rows = current.tracking.turn(at: first.location(in: self).y) {
            setSelection(current.startRow + rows, in: current.tracking.wheel)
        }
        touch = current
    }

    open override func touchesEnded(_ touches: [Touch]) {
        guard var current = touch, let first = touches.first else { return }
        touch = nil
        let point = first.location(in: self)
        let component = current.tracking.wheel
        if let rows = current.tracking.turn(at: point.y) {
            setSelection(current.startRow + rows, in: component)
        } else if bounds.contains(point) {
            // A tap on a row above or below the selection selects it; one where no row is, nothing.
            let row = current.startRow + wheelLayout.offset(at: point.y)
            if row >= 0, row < numberOfRows(inComponent: component) { setSelection(row, in: component) }
        }
        if selectedRow(inComponent: component) != current.startRow { tellSelection(of: component) }
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        guard let current = touch else { return }
        touch = nil
        setSelection(current.startRow, in: current.tracking.wheel)
    }
}
