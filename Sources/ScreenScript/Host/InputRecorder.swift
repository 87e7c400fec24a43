import EventLoop
import ScreenKit

/// Collects input events with their loop times, as a recording: `screens run --record` and
/// the monkey note each event here as they send it.
///
/// ```swift
/// let recorder = InputRecorder(loop: host.loop, device: .iphone, orientation: .portrait)
/// recorder.record(.touch(.began, Point(x: 10, y: 20), id: 0))
/// try recorder.recording.text.write(toFile: "session.rec", atomically: true, encoding: .utf8)
/// ```
public final class InputRecorder {
    private let loop: EventLoop
    /// The loop time the recording's times count from: the launch.
    public let startTime: Double
    public private(set) var recording: InputRecording

    /// - Parameters:
    ///   - startTime: the loop time of the launch; now when not given.
    ///   - app: the app's id, which the recording names.
    public init(
        loop: EventLoop, startTime: Double? = nil, app: String? = nil, device: Window.Device, orientation: Window.Orientation
    ) {
        self.loop = loop
        self.startTime = startTime ?? loop.now
        recording = InputRecording(device: device, orientation: orientation)
        recording.app = app
    }

    /// Notes `input` at the loop's time now, rounded to the millisecond as the recording
    /// keeps it; numbers are rounded to thousandths so that the file holds exactly what
    /// was sent.
    ///
    /// - Returns: the event as recorded, which is what to send for a replay to match.
    @discardableResult
    public func record(_ input: InputRecording.Input) -> InputRecording.Event {
        let time = max(Self.thousandths(loop.now - startTime), recording.events.last?.time ?? 0)
        let event = InputRecording.Event(time: time, input: Self.rounded(input))
        recording.events.append(event)
        return event
    }

    static func thousandths(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        let limit = InputRecording.numberLimit
        return (min(max(value, -limit), limit) * 1000).rounded() / 1000
    }

    static func rounded(_ input: InputRecording.Input) -> InputRecording.Input {
        func point(_ point: Point) -> Point { Point(x: thousandths(point.x), y: thousandths(point.y)) }
        switch input {
        case .touch(let phase, let at, let id): return .touch(phase, point(at), id: id)
        case .scroll(let at, let dy): return .scroll(point(at), dy: thousandths(dy))
        default: return input
        }
    }
}
