/// Wheels for a date, a time of day, both, or a duration (`UIDatePicker` in its wheels
/// style). Dates are seconds since 1970 UTC, shown in the machine's time zone (`TZ`
/// honoured, as the C library's `localtime` reads it).
///
/// A person turns a field (month, day, year, hour, minute; a duration's hours and minutes)
/// by dragging its wheel, with the mouse wheel over it, by tapping a row above or below the
/// selection, or with the arrow keys while the picker has the focus (up and down turn the
/// focused field, left and right move between fields; Home and End take it to its first and
/// last value); each change sends `valueChanged`. As UIKit's wheels do, the month, day, hour
/// and minute wheels go round without carrying into the next field (December is followed by
/// January of the same year), and a day past the end of a month is its last day.
///
/// The date stays within ``minimumDate`` and ``maximumDate``; with a ``minuteInterval``
/// above 1, a time is rounded down to it.
///
/// ```swift
/// let picker = DatePicker()                  // 320 × 216, in dateAndTime mode
/// picker.mode = .date
/// picker.date = 1_767_225_600                 // 2026-01-01T00:00:00Z
/// picker.addTarget({ control, _ in save((control as! DatePicker).date) }, for: [.valueChanged])
/// ```
open class DatePicker: Control {
    /// What it picks.
    public enum Mode: String, CaseIterable, Sendable {
        /// A time of day: hour and minute.
        case time
        /// A date: month, day and year.
        case date
        /// A day (with its weekday) and a time.
        case dateAndTime
        /// A duration: hours and minutes (``countDownDuration``).
        case countDownTimer
    }

    /// A field of the wheels.
    enum Field {
        case month, day, year, date, hour, minute, hours, minutes
    }

    /// The size a picker made without a frame has, UIKit's.
    public static let defaultSize = Size(width: 320, height: 216)

    /// As a picker's: UIKit's height, the width it gets.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: DatePicker.defaultSize.height) }
    /// The longest countdown, 23 hours 59 minutes, as UIKit's.
    public static let maximumCountDownDuration = 86_340.0
    /// The minute intervals UIKit takes: from 1 to 30, dividing 60.
    public static let minuteIntervals = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30]

    public var mode: Mode = .dateAndTime {
        didSet {
            focusedField = min(focusedField, fields.count - 1)
            storedDate = normalized(storedDate)
        }
    }

    /// The date shown, in whole seconds since 1970 UTC (a fraction is dropped: the wheels
    /// show minutes, and `os.date` takes whole seconds): within the calendar's years 1 to
    /// 9999 and within ``minimumDate`` and ``maximumDate``, rounded down to the
    /// ``minuteInterval`` in the modes with a time. NaN is ignored.
    public var date: Double {
        get { storedDate }
        set { if !newValue.isNaN { storedDate = normalized(newValue) } }
    }

    /// The earliest date a person can pick (a fraction of a second rounds it up); nil for
    /// none. A minimum after the maximum makes the minimum the only date, as a slider's
    /// bounds do.
    public var minimumDate: Double? {
        didSet {
            minimumDate = minimumDate.flatMap { $0.isNaN ? nil : LocalCalendar.clamp($0).rounded(.up) }
            storedDate = normalized(storedDate)
        }
    }

    /// The latest date a person can pick (a fraction of a second rounds it down); nil for none.
    public var maximumDate: Double? {
        didSet {
            maximumDate = maximumDate.flatMap { $0.isNaN ? nil : LocalCalendar.clamp($0).rounded(.down) }
            storedDate = normalized(storedDate)
        }
    }

    /// The step of the minute wheel: one of ``minuteIntervals``; another value is ignored,
    /// as UIKit ignores it.
    public var minuteInterval = 1 {
        didSet {
            if !Self.minuteIntervals.contains(minuteInterval) { minuteInterval = oldValue }
            storedDate = normalized(storedDate)
            storedDuration = normalizedDuration(storedDuration)
        }
    }

    /// The duration in `countDownTimer` mode, in seconds: from 0 to 23 hours 59 minutes,
    /// rounded down to whole steps of the ``minuteInterval``. NaN is ignored.
    public var countDownDuration: Double {
        get { storedDuration }
        set { if !newValue.isNaN { storedDuration = normalizedDuration(newValue) } }
    }

    private var storedDate: Double
    private var storedDuration = 0.0
    /// The field the arrow keys turn, an index into ``fields``.
    public private(set) var focusedField = 0
    /// The finger on a wheel, and the value when it came down.
    private var touch: (tracking: WheelLayout.Touch, startValue: Double)?

    public init(frame: Rect, date: Double = 0) {
        storedDate = LocalCalendar.clamp(date).rounded(.down)
        super.init(frame: frame)
    }

    /// A picker of UIKit's size, 320 × 216, showing `date`.
    public convenience init(date: Double) {
        self.init(frame: Rect(origin: .zero, size: DatePicker.defaultSize), date: date)
    }

    public convenience init() {
        self.init(date: 0)
    }

    // MARK: - Values

    /// A date in whole seconds within the calendar and the bounds, rounded to the minute interval.
    private func normalized(_ date: Double) -> Double {
        var date = LocalCalendar.clamp(date).rounded(.down)
        if minuteInterval > 1, mode == .time || mode == .dateAndTime {
            var fields = LocalCalendar.fields(of: date)
            fields.minute -= fields.minute % minuteInterval
            fields.second = 0
            date = LocalCalendar.time(of: fields).map(LocalCalendar.clamp) ?? date
        }
        if let minimumDate { date = max(date, minimumDate) }
        if let maximumDate { date = min(date, max(maximumDate, minimumDate ?? maximumDate)) }
        return date
    }

    private func normalizedDuration(_ duration: Double) -> Double {
        let clamped = min(max(duration, 0), Self.maximumCountDownDuration)
        let step = Double(minuteInterval * 60)
        return (clamped / step).rounded(.down) * step
    }

    /// The value the wheels turn: the date, or the duration in `countDownTimer` mode.
    private var value: Double {
        get { mode == .countDownTimer ? storedDuration : storedDate }
        set {
            if mode == .countDownTimer { storedDuration = normalizedDuration(newValue) } else { storedDate = normalized(newValue) }
        }
    }

    /// The fields of the wheels, left to right, for the mode.
    var fields: [Field] {
        switch mode {
        case .date: [.month, .day, .year]
        case .time: [.hour, .minute]
        case .dateAndTime: [.date, .hour, .minute]
        case .countDownTimer: [.hours, .minutes]
        }
    }

    /// Each wheel's share of the width.
    private var weights: [Double] {
        switch mode {
        case .date: [3, 1.4, 2]
        case .time, .countDownTimer: [1, 1]
        case .dateAndTime: [2.6, 1, 1]
        }
    }

    /// The value `rows` rows along `field`'s wheel from `value`: before it for negative;
    /// nil past the ends of a wheel that does not go round (the years, the days of
    /// dateAndTime) or of the calendar. The bounds are not applied.
    func turning(_ value: Double, _ field: Field, by rows: Int) -> Double? {
        let rows = min(max(rows, -1_000_000_000), 1_000_000_000)
        if rows == 0 { return value }
        switch field {
        case .hours, .minutes:
            let minutes = Int(min(max(value, 0), Self.maximumCountDownDuration) / 60)
            var hours = minutes / 60, rest = minutes % 60
            if field == .hours {
                hours = LocalCalendar.wrap(hours + rows, 24)
            } else {
                rest = LocalCalendar.wrap(rest / minuteInterval + rows, 60 / minuteInterval) * minuteInterval
            }
            return Double(hours * 3600 + rest * 60)
        default:
            break
        }
        let fraction = value - value.rounded(.down)
        var fields = LocalCalendar.fields(of: value)
        switch field {
        case .year:
            let year = fields.year + rows
            guard (1...9999).contains(year) else { return nil }
            fields.year = year
            fields.day = min(fields.day, LocalCalendar.days(inMonth: fields.month, year: year))
        case .month:
            fields.month = LocalCalendar.wrap(fields.month - 1 + rows, 12) + 1
            fields.day = min(fields.day, LocalCalendar.days(inMonth: fields.month, year: fields.year))
        case .day:
            fields.day = LocalCalendar.wrap(fields.day - 1 + rows, LocalCalendar.days(inMonth: fields.month, year: fields.year)) + 1
        case .date:
            // Four million days are more than the calendar holds.
            guard abs(rows) <= 4_000_000 else { return nil }
            fields.day += rows
        case .hour:
            fields.hour = LocalCalendar.wrap(fields.hour + rows, 24)
        case .minute:
            fields.minute = LocalCalendar.wrap(fields.minute / minuteInterval + rows, 60 / minuteInterval) * minuteInterval
        case .hours, .minutes:
            return nil
        }
        guard let time = LocalCalendar.time(of: fields), time >= LocalCalendar.earliest, time <= LocalCalendar.latest else {
            return nil
        }
        return time + fraction
    }

    /// The title of `field`'s row showing `value`.
    func title(of field: Field, at value: Double) -> String {
        switch field {
        case .hours:
            let hours = Int(value / 3600)
            return hours == 1 ? "1 hour" : "\(hours) hours"
        case .minutes:
            return "\(Int(value.truncatingRemainder(dividingBy: 3600) / 60)) min"
        default:
            break
        }
        let fields = LocalCalendar.fields(of: value)
        switch field {
        case .month: return LocalCalendar.monthNames[fields.month - 1]
        case .day: return String(fields.day)
        case .year: return String(fields.year)
        case .date:
            let month = LocalCalendar.monthNames[fields.month - 1].prefix(3)
            return "\(LocalCalendar.weekdayNames[fields.weekday]) \(month) \(fields.day)"
        case .hour: return LocalCalendar.twoDigits(fields.hour)
        case .minute: return LocalCalendar.twoDigits(fields.minute)
        case .hours, .minutes: return ""
        }
    }

    /// The value as a person writes it: `Jan 1, 2026`, `09:30`, `Jan 1, 2026 09:30`, or a
    /// duration `1 h 30 min`.
    public var formattedValue: String {
        if mode == .countDownTimer {
            let minutes = Int(storedDuration / 60)
            return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
        }
        let fields = LocalCalendar.fields(of: storedDate)
        let day = "\(LocalCalendar.monthNames[fields.month - 1].prefix(3)) \(fields.day), \(fields.year)"
        let time = "\(LocalCalendar.twoDigits(fields.hour)):\(LocalCalendar.twoDigits(fields.minute))"
        switch mode {
        case .date: return day
        case .time: return time
        case .dateAndTime, .countDownTimer: return day + " " + time
        }
    }

    // MARK: - A person's changes

    /// Turns the wheel of the field at `index` by `rows`, as a person; sends `valueChanged`
    /// when the value changed.
    private func turn(_ index: Int, by rows: Int) -> Bool {
        let fields = self.fields
        guard fields.indices.contains(index), let turned = turning(value, fields[index], by: rows) else { return false }
        return choose(turned)
    }

    /// Sets the value as a person's choice; `valueChanged` when it changed.
    private func choose(_ new: Double) -> Bool {
        let old = value
        value = new
        return adjusted(value != old)
    }

    /// Where the focused field's wheel is: its row's index and the rows it has, for a wheel
    /// that goes round; nil for the years and the days of dateAndTime.
    private func position(of field: Field) -> (index: Int, count: Int)? {
        if field == .hours || field == .minutes {
            let minutes = Int(storedDuration / 60)
            return field == .hours ? (minutes / 60, 24) : ((minutes % 60) / minuteInterval, 60 / minuteInterval)
        }
        let fields = LocalCalendar.fields(of: storedDate)
        switch field {
        case .month: return (fields.month - 1, 12)
        case .day: return (fields.day - 1, LocalCalendar.days(inMonth: fields.month, year: fields.year))
        case .hour: return (fields.hour, 24)
        case .minute: return (fields.minute / minuteInterval, 60 / minuteInterval)
        default: return nil
        }
    }

    // MARK: - Description

    /// Its wheels, each field's value in the middle; reads as the formatted value, and steps.
    open override var contentDescription: ViewDescription {
        let fields = self.fields
        let focused = fields.count > 1 && window?.isFocusTarget(self) == true ? focusedField : nil
        let current = value
        let wheels = WheelLayout(bounds: bounds, weights: weights).describe(focused: focused) { index, offset in
            guard fields.indices.contains(index), let shown = turning(current, fields[index], by: offset) else {
                return nil
            }
            return title(of: fields[index], at: shown)
        }
        let formatted = formattedValue
        return ViewDescription(
            .wheels(ViewDescription.Wheels(
                wheels: wheels, rowHeight: WheelLayout.rowHeight, value: formatted, focusColor: effectiveTintColor)),
            kind: "DatePicker", foreground: isEnabled ? nil : .systemGray, accessibilityLabel: accessibilityLabel,
            accessibilityValue: formatted, traits: traits.union(.adjustable), activatesByTap: false)
    }

    // MARK: - Keys and the wheel

    /// Up and down turn the focused field a row, page up and down by the rows in view; left
    /// and right move to the field before or after (round from the last to the first).
    open override func keyPressed(_ direction: FocusDirection) -> Bool {
        let page = max(WheelLayout(bounds: bounds, weights: weights).reach, 1)
        switch direction {
        case .up: return turn(focusedField, by: -1)
        case .down: return turn(focusedField, by: 1)
        case .pageUp: return turn(focusedField, by: -page)
        case .pageDown: return turn(focusedField, by: page)
        case .left, .right:
            let count = fields.count
            guard count > 1 else { return false }
            focusedField = (focusedField + (direction == .right ? 1 : count - 1)) % count
            return true
        case .home, .end: return false
        }
    }

    /// Turns the focused field a row (increment: to the row below), or takes it to its first
    /// or last value: the first or last of a wheel that goes round, else the minimum or
    /// maximum date when there is one.
    open override func accessibilityAdjust(_ step: AccessibilityStep) -> Bool {
        let fields = self.fields
        guard fields.indices.contains(focusedField) else { return false }
        let field = fields[focusedField]
        switch step {
        case .increment: return turn(focusedField, by: 1)
        case .decrement: return turn(focusedField, by: -1)
        case .toStart, .toEnd:
            let toEnd = step == .toEnd
            if let (index, count) = position(of: field) { return turn(focusedField, by: (toEnd ? count - 1 : 0) - index) }
            guard let bound = toEnd ? maximumDate : minimumDate else { return false }
            return choose(bound)
        }
    }

    /// Turns the field under the pointer, a row for each row's height of `dy` (at least one).
    open override func scrollWheel(_ dy: Double, at point: Point) -> Bool {
        guard let index = WheelLayout(bounds: bounds, weights: weights).wheel(at: point.x) else { return false }
        guard dy.isFinite, dy != 0, isEnabled else { return true }
        focusedField = index
        let rows = Int(min(max(abs(dy) / WheelLayout.rowHeight, 1), 1e6))
        _ = turn(index, by: dy > 0 ? rows : -rows)
        return true
    }

    // MARK: - Tracking

    open override func beginTracking(_ touch: Touch) -> Bool {
        let point = touch.location(in: self)
        guard let index = WheelLayout(bounds: bounds, weights: weights).wheel(at: point.x) else {
            self.touch = nil
            return false
        }
        focusedField = index
        self.touch = (WheelLayout.Touch(wheel: index, y: point.y), value)
        return true
    }

    open override func continueTracking(_ touch: Touch) -> Bool {
        guard var current = self.touch else { return false }
        if let rows = current.tracking.turn(at: touch.location(in: self).y) { show(rows, from: current) }
        self.touch = current
        return true
    }

    open override func endTracking(_ touch: Touch) {
        guard var current = self.touch else { return }
        self.touch = nil
        let point = touch.location(in: self)
        if let rows = current.tracking.turn(at: point.y) {
            show(rows, from: current)
        } else if bounds.contains(point), fields.indices.contains(current.tracking.wheel),
                  let tapped = turning(
                    current.startValue, fields[current.tracking.wheel],
                    by: WheelLayout(bounds: bounds, weights: weights).offset(at: point.y)) {
            // A tap on a row above or below the selection turns the wheel to it.
            value = tapped
        }
        if value != current.startValue { sendActions(for: .valueChanged) }
    }

    open override func cancelTracking() {
        guard let current = touch else { return }
        touch = nil
        value = current.startValue
    }

    /// Shows the value `rows` rows along the touched wheel from where it was when the finger
    /// came down.
    private func show(_ rows: Int, from current: (tracking: WheelLayout.Touch, startValue: Double)) {
        let fields = self.fields
        guard fields.indices.contains(current.tracking.wheel) else { return }
        let field = fields[current.tracking.wheel]
        if let turned = turning(current.startValue, field, by: rows) {
            value = turned
        } else if field == .year || field == .date {
            // Past the end of the calendar: as far as it goes.
            value = rows > 0 ? LocalCalendar.latest : LocalCalendar.earliest
        }
    }
}
