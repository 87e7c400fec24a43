/// Objects in the order they were added, whose membership is a flag on the object itself: adding
/// costs no hashing, which is most of what inserting an object cost with an ordered set.
/// Whoever clears an object's flag calls ``removed()``; the list forgets it lazily.
struct FlaggedList {
    private var objects: [ManagedObject] = []
    private(set) var count = 0
    private let isMember: (ManagedObject) -> Bool

    init(member isMember: @escaping (ManagedObject) -> Bool) {
        self.isMember = isMember
    }

    var isEmpty: Bool { count == 0 }

    /// The members, in the order they were added.
    var elements: [ManagedObject] {
        objects.count == count ? objects : objects.filter(isMember)
    }

    /// Adds an object whose flag the caller has just set.
    mutating func append(_ object: ManagedObject) {
        objects.append(object)
        count += 1
    }

    /// Notes that the caller cleared one member's flag.
    mutating func removed() {
        count -= 1
        if objects.count > 2 * count + 64 { objects = objects.filter(isMember) }
    }

    mutating func removeAll() {
        objects = []
        count = 0
    }
}
