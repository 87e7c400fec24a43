#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import Testing
@testable import ScreenKit

/// `DatePicker`: its wheels in each mode, in the machine's time zone; how they turn as
/// UIKit's do; the bounds, the minute interval, the countdown; `valueChanged` on a person's
/// changes only; hostile values.
///
/// The dates are made from local fields with the C library's `mktime`, so the expectations
/// hold in whatever zone `TZ` names; they avoid the hours a daylight saving change skips.
@MainActor
struct DatePickerTests {
    let loop = EventLoop(clock: .virtual)
    let window: Window
    let picker = DatePicker(frame: Rect(x: 0, y: 100, width: 320, height: 216))
    var events = 0

    init() throws {
        window = Window(device: .iphone, loop: loop)
        window.makeKeyAndVisible()
        try window.addSubview(picker)
    }

    /// Seconds since 1970 of a local date and time.
    func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0) -> Double {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_isdst = -1
        return Double(mktime(&parts))
    }

    /// The titles of a wheel's rows in view, top to bottom, the selected one in brackets.
    func shown(_ wheel: Int) -> [String] {
        guard case .wheels(let description) = picker.contentDescription.content else { return [] }
        return description.wheels[wheel].rows.map { $0.offset == 0 ? "[\($0.title)]" : $0.title }
    }

    /// Counts the `valueChanged` events.
    func counting() -> () -> Int {
        var count = 0
        picker.addTarget({ _, _ in count += 1 }, for: [.valueChanged])
        return { count }
    }

    @Test("date mode: month, day and year wheels, read as the date")
    func dateMode() {
        picker.mode = .date
        picker.date = local(2026, 3, 15)
        #expect(shown(0) == ["December", "January", "February", "[March]", "April", "May", "June"])
        #expect(shown(1) == ["12", "13", "14", "[15]", "16", "17", "18"])
        #expect(shown(2) == ["2023", "2024", "2025", "[2026]", "2027", "2028", "2029"])
        #expect(picker.contentDescription.shownTexts == ["Mar 15, 2026"])
        #expect(picker.contentDescription.accessibilityValue == "Mar 15, 2026")
        #expect(picker.contentDescription.traits.contains(.adjustable))
    }

    @Test("the month and day wheels go round without carrying, and a day past the month's end is its last")
    func wheelsGoRound() {
        picker.mode = .date
        picker.date = local(2026, 12, 31)
        window.focus(picker)
        window.key("down")
        #expect(picker.date == local(2026, 1, 31), "December is followed by January of the same year")
        window.key("down")
        #expect(picker.date == local(2026, 2, 28))
        window.key("right")
        window.key("down")
        #expect(picker.date == local(2026, 2, 1), "the 28th of February is followed by the 1st")
        window.key("right")
        #expect(picker.focusedField == 2)
        picker.date = local(2028, 2, 29)
        window.key("down")
        #expect(picker.date == local(2029, 2, 28))
        window.key("right")
        #expect(picker.focusedField == 0, "right from the last field goes round to the first")
    }

    @Test("date and time: a day wheel with the weekday that carries into the month and the year")
    func dateAndTime() {
        picker.date = local(2026, 1, 1, 9, 5)
        #expect(picker.mode == .dateAndTime)
        #expect(shown(0)[2...4] == ["Wed Dec 31", "[Thu Jan 1]", "Fri Jan 2"])
        #expect(shown(1)[3] == "[09]")
        #expect(shown(2)[3] == "[05]")
        #expect(picker.formattedValue == "Jan 1, 2026 09:05")
        window.focus(picker)
        window.key("up")
        #expect(picker.date == local(2025, 12, 31, 9, 5))
        window.key("right")
        window.key("down")
        #expect(picker.date == local(2025, 12, 31, 10, 5))
        picker.date = local(2026, 1, 1, 23, 5)
        window.key("down")
        #expect(picker.date == local(2026, 1, 1, 0, 5), "the hour wheel goes round within the day")
    }

    @Test("a minute interval rounds the time down to it and steps the minute wheel by it")
    func minuteInterval() {
        picker.mode = .time
        picker.minuteInterval = 15
        picker.date = local(2026, 1, 10, 9, 37)
        #expect(picker.date == local(2026, 1, 10, 9, 30))
        #expect(picker.formattedValue == "09:30")
        #expect(shown(1) == ["45", "00", "15", "[30]", "45", "00", "15"])
        window.focus(picker)
        window.key("right")
        window.key("down")
        #expect(picker.formattedValue == "09:45")
        window.key("down")
        #expect(picker.formattedValue == "09:00", "the minute wheel goes round without carrying")
        picker.minuteInterval = 7
        #expect(picker.minuteInterval == 15, "an interval that does not divide 60 is ignored")
        picker.minuteInterval = 1
        window.key("end")
        #expect(picker.formattedValue == "09:59")
    }

    @Test("the date stays within the minimum and maximum, and a minimum after the maximum wins")
    func bounds() {
        picker.mode = .date
        picker.minimumDate = local(2026, 1, 1)
        picker.maximumDate = local(2026, 1, 31)
        picker.date = local(2027, 5, 5)
        #expect(picker.date == local(2026, 1, 31))
        let changes = counting()
        window.focus(picker)
        window.key("left")
        #expect(picker.focusedField == 2)
        window.key("down")
        #expect(picker.date == local(2026, 1, 31), "past the maximum the wheel springs back")
        #expect(changes() == 0)
        window.key("home")
        #expect(picker.date == local(2026, 1, 1), "Home on the years goes to the minimum")
        picker.minimumDate = local(2026, 6, 1)
        #expect(picker.date == local(2026, 6, 1))
        picker.minimumDate = nil
        picker.maximumDate = nil
        picker.date = local(1999, 1, 1)
        #expect(picker.date == local(1999, 1, 1))
    }

    @Test("valueChanged goes with a person's changes, not with code's")
    func valueChanged() {
        picker.mode = .date
        picker.date = local(2026, 3, 15)
        let changes = counting()
        picker.date = local(2026, 4, 15)
        #expect(changes() == 0)
        window.focus(picker)
        window.key("down")
        #expect(changes() == 1)
        // The mouse wheel over the years.
        window.wheel(-48, at: Point(x: 300, y: 208))
        #expect(picker.date == local(2025, 5, 15))
        #expect(changes() == 2)
        // A tap on the day two rows below.
        window.touch(.began, at: Point(x: 170, y: 272))
        window.touch(.ended, at: Point(x: 170, y: 272))
        #expect(picker.date == local(2025, 5, 17))
        #expect(changes() == 3)
        // A drag up the month wheel, by three rows.
        window.touch(.began, at: Point(x: 60, y: 208))
        window.touch(.moved, at: Point(x: 60, y: 150))
        window.touch(.moved, at: Point(x: 60, y: 112))
        window.touch(.ended, at: Point(x: 60, y: 112))
        #expect(picker.date == local(2025, 8, 17))
        #expect(changes() == 4)
    }

    @Test("a countdown of hours and minutes, up to 23 hours 59 minutes")
    func countdown() {
        picker.mode = .countDownTimer
        picker.countDownDuration = 5400
        #expect(picker.formattedValue == "1 h 30 min")
        #expect(shown(0)[2...4] == ["0 hours", "[1 hour]", "2 hours"])
        #expect(shown(1)[3] == "[30 min]")
        window.focus(picker)
        window.key("up")
        window.key("up")
        #expect(picker.countDownDuration == 23 * 3600 + 1800, "the hours go round")
        picker.countDownDuration = 1e9
        #expect(picker.countDownDuration == 86_340)
        picker.countDownDuration = -5
        #expect(picker.formattedValue == "0 min")
        picker.countDownDuration = .nan
        #expect(picker.countDownDuration == 0)
        picker.countDownDuration = 86_340
        picker.minuteInterval = 5
        #expect(picker.countDownDuration == 86_100)
    }

    @Test("hostile dates are clamped to the calendar, and the wheels end with it")
    func hostileDates() {
        picker.mode = .date
        picker.date = 1e300
        #expect(picker.date == LocalCalendar.latest)
        #expect(!picker.contentDescription.shownTexts.isEmpty)
        picker.date = -.infinity
        #expect(picker.date == LocalCalendar.earliest)
        picker.date = .nan
        #expect(picker.date == LocalCalendar.earliest)
        picker.date = 1_000_000.75
        #expect(picker.date == 1_000_000, "whole seconds")
        picker.minimumDate = .nan
        #expect(picker.minimumDate == nil)
        picker.maximumDate = .infinity
        #expect(picker.maximumDate == LocalCalendar.latest)
        // The wheels turn to the calendar's ends and no further.
        picker.date = 0
        window.focus(picker)
        for _ in 0..<3 { _ = picker.keyPressed(.left) }
        window.key("pagedown")
        _ = picker.turning(LocalCalendar.latest, .year, by: Int.max)
        #expect(picker.turning(LocalCalendar.latest, .date, by: Int.min) == nil)
        #expect(picker.turning(0, .hours, by: Int.max) != nil)
    }

    @Test("a picker made without a frame has UIKit's size, and shows the date it was given")
    func defaultSize() {
        let made = DatePicker(date: local(2026, 7, 4))
        #expect(made.bounds.size == Size(width: 320, height: 216))
        #expect(made.formattedValue == "Jul 4, 2026 12:00")
    }
}
