import Collections

/// The loop's timers: a slab of slots reused through a free list, and a heap of plain
/// (deadline, sequence, slot) entries ordered by deadline, then by scheduling order.
///
/// A timer costs no allocation of its own, and the heap holds no references, so moving entries
/// costs no reference counting. Cancelling is lazy: the slot is freed at once, its heap entry
/// goes stale and is dropped when it reaches the top, or when stale entries make up half of the
/// heap, when one O(n) pass removes them all. A cancel costs amortized O(1), and the heap never
/// holds more than twice the live timers.
///
/// No method releases a callback: the ones that take a callback out return it, so that it is
/// released (and whatever it captured is deinitialized, which may call back into the loop) only
/// after the mutation of the queue has ended.
struct TimerQueue {
    /// Stale entries are removed in bulk once there are at least this many and they are half the heap.
    static let compactionThreshold = 32
    /// A slab of at most this many slots keeps its memory when it empties.
    static let retainedSlots = 1024

    // MARK: - Storage

    /// One scheduled firing of the timer in `slot`; stale once the slot's sequence moved on.
    nonisolated struct Entry: Comparable {
        let deadline: Int64
        let sequence: Int
        let slot: Int32

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            lhs.deadline < rhs.deadline || (lhs.deadline == rhs.deadline && lhs.sequence < rhs.sequence)
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.deadline == rhs.deadline && lhs.sequence == rhs.sequence
        }
    }

    enum State: UInt8 {
        /// On the free list.
        case free
        /// In the heap, waiting for its deadline.
        case scheduled
        /// Its callback is running; afterwards a repeating timer is scheduled again.
        case running
        /// Cancelled while its callback was running; freed when the callback returns.
        case cancelled
    }

    struct Slot {
        var callback: ((LoopTimer) -> Void)?
        /// The sequence of the slot's live heap entry.
        var sequence = 0
        /// Tells the timers that used this slot apart, so an old handle cannot touch a new timer.
        var serial = 0
        var deadline: Int64 = 0
        /// The repeat interval in nanoseconds, or 0 for a one-shot timer.
        var interval: Int64 = 0
        /// Where a repeating timer's grid of firing times starts.
        var anchor: Int64 = 0
        var state = State.free
    }

    /// A due timer taken out of the queue, ready to be called.
    struct Due {
        let id: TimerID
        let callback: (LoopTimer) -> Void
        let isRepeating: Bool
    }

    private var heap = Heap<Entry>()
    private var slots: [Slot] = []
    private var freeSlots: [Int32] = []
    private var staleCount = 0

    /// The sequence number the next scheduling gets; it only grows.
    private(set) var nextSequence = 0

    /// One-shot timers scheduled and not yet fired or cancelled.
    private(set) var oneShotCount = 0

    /// Timers waiting in the heap (not counting cancelled ones).
    var liveCount: Int { heap.count - staleCount }

    /// Entries in the heap, stale ones included (for tests of compaction).
    var storedCount: Int { heap.count }

    /// Slots in the slab, free ones included (for tests of memory reuse).
    var slotCount: Int { slots.count }

    // MARK: - Scheduling

    /// Adds a timer that fires at `deadline` (then every `interval` on the grid from `anchor`, if
    /// `interval` is positive), after every timer already due at the same instant.
    mutating func add(
        at deadline: Int64, interval: Int64, anchor: Int64, callback: @escaping (LoopTimer) -> Void
    ) -> TimerID {
        let serial = nextSequence
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
            // The free slot's callback is already nil, so nothing is released here.
            slots[Int(reused)] = Slot(callback: callback, serial: serial, interval: interval, anchor: anchor)
        } else {
            precondition(slots.count < Int32.max, "too many timers")
            slot = Int32(slots.count)
            slots.append(Slot(callback: callback, serial: serial, interval: interval, anchor: anchor))
        }
        push(slot, at: deadline)
        if interval == 0 { oneShotCount += 1 }
        return TimerID(slot: slot, serial: serial)
    }

    private mutating func push(_ slot: Int32, at deadline: Int64) {
        let index = Int(slot)
        slots[index].deadline = deadline
        slots[index].sequence = nextSequence
        slots[index].state = .scheduled
        heap.insert(Entry(deadline: deadline, sequence: nextSequence, slot: slot))
        nextSequence += 1
    }

    // MARK: - Taking due timers

    /// The deadline of the next live timer, dropping stale entries on the way.
    mutating func nextDeadline() -> Int64? {
        while let top = heap.min {
            if isLive(top) { return top.deadline }
            heap.removeMin()
            staleCount -= 1
        }
        return nil
    }

    /// Takes the next live timer if it is due at `time` and was scheduled before sequence number
    /// `limit` (later ones wait for the next step).
    ///
    /// A one-shot timer is finished at once (its handle reads inactive inside its callback, as it
    /// should); a repeating one is marked running until ``finishFiring(_:)``.
    mutating func takeDue(at time: Int64, scheduledBefore limit: Int) -> Due? {
        while let top = heap.min {
            guard isLive(top) else {
                heap.removeMin()
                staleCount -= 1
                continue
            }
            guard top.deadline <= time, top.sequence < limit else { return nil }
            heap.removeMin()
            let index = Int(top.slot)
            let id = TimerID(slot: top.slot, serial: slots[index].serial)
            if slots[index].interval > 0 {
                slots[index].state = .running
                return Due(id: id, callback: slots[index].callback!, isRepeating: true)
            }
            let callback = free(index)!
            return Due(id: id, callback: callback, isRepeating: false)
        }
        return nil
    }

    /// Ends the firing of a repeating timer: returns true if it should fire again (the caller
    /// then schedules it with ``rearm(_:after:)``), or frees it if it was cancelled meanwhile.
    mutating func finishFiring(_ id: TimerID) -> Bool {
        let index = Int(id.slot)
        if slots[index].state == .running { return true }
        _ = free(index)  // cancel() already took the callback out
        return false
    }

    /// Schedules a repeating timer at the first slot of its grid strictly after `time`, so a
    /// timer that fell behind skips the slots it missed instead of firing a burst.
    mutating func rearm(_ id: TimerID, after time: Int64) {
        let index = Int(id.slot)
        let anchor = slots[index].anchor
        let interval = slots[index].interval
        var next = Nanoseconds.sum(anchor, interval)
        if time >= anchor {
            let (offset, overflow) = ((time - anchor) / interval + 1).multipliedReportingOverflow(by: interval)
            next = overflow ? Nanoseconds.limit : Nanoseconds.sum(anchor, offset)
        }
        push(id.slot, at: next)
    }

    // MARK: - Handles

    /// Stops a timer; see ``LoopTimer/cancel()``.
    ///
    /// - Returns: The timer's callback, for the caller to release after this mutation.
    mutating func cancel(_ id: TimerID) -> ((LoopTimer) -> Void)? {
        guard let index = index(of: id) else { return nil }
        switch slots[index].state {
        case .scheduled:
            let callback = free(index)
            if !heap.isEmpty { noteStale() }  // free() empties the heap when no timer is left
            return callback
        case .running:
            slots[index].state = .cancelled
            return slots[index].callback.take()
        case .free, .cancelled:
            return nil
        }
    }

    /// Whether the timer will fire again.
    func isActive(_ id: TimerID) -> Bool {
        guard let index = index(of: id) else { return false }
        switch slots[index].state {
        case .scheduled: return true
        case .running: return slots[index].interval > 0
        case .free, .cancelled: return false
        }
    }

    /// When the timer fires next, if it is waiting to fire.
    func deadline(of id: TimerID) -> Int64? {
        guard let index = index(of: id), slots[index].state == .scheduled else { return nil }
        return slots[index].deadline
    }

    /// The order a scheduled timer fires in among others: (deadline, sequence).
    func order(of id: TimerID) -> (Int64, Int)? {
        guard let index = index(of: id), slots[index].state == .scheduled else { return nil }
        return (slots[index].deadline, slots[index].sequence)
    }

    // MARK: - Bookkeeping

    private func index(of id: TimerID) -> Int? {
        let index = Int(id.slot)
        guard index < slots.count, slots[index].serial == id.serial, slots[index].state != .free else { return nil }
        return index
    }

    private func isLive(_ entry: Entry) -> Bool {
        let index = Int(entry.slot)
        return slots[index].state == .scheduled && slots[index].sequence == entry.sequence
    }

    /// Puts a slot on the free list and returns its callback.
    private mutating func free(_ index: Int) -> ((LoopTimer) -> Void)? {
        let callback = slots[index].callback.take()
        if slots[index].interval == 0 { oneShotCount -= 1 }
        slots[index].state = .free
        freeSlots.append(Int32(index))
        if freeSlots.count == slots.count {
            // No timer left: every heap entry is stale, and the slab can shrink.
            let keep = slots.count <= Self.retainedSlots
            heap = Heap()
            staleCount = 0
            slots.removeAll(keepingCapacity: keep)
            freeSlots.removeAll(keepingCapacity: keep)
        }
        return callback
    }

    private mutating func noteStale() {
        staleCount += 1
        if staleCount >= Self.compactionThreshold && staleCount * 2 >= heap.count {
            let slots = slots
            heap.removeAll { entry in
                let index = Int(entry.slot)
                return slots[index].state != .scheduled || slots[index].sequence != entry.sequence
            }
            staleCount = 0
        }
    }
}

/// Names a timer in a ``TimerQueue``: its slot, and the serial that tells it from later timers
/// in the same slot.
nonisolated struct TimerID: Hashable, Sendable {
    let slot: Int32
    let serial: Int
}
