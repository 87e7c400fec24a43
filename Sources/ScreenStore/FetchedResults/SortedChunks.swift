/// A sorted sequence of objects kept in chunks of a few hundred, so that inserting or removing
/// one object moves a chunk's worth of references, not the whole result: a controller over
/// 10^5 objects applies a change about as fast as one over 10^3.
struct SortedChunks {
    private(set) var chunks: [[ManagedObject]] = []
    private(set) var count = 0
    private static let chunkSize = 256

    init(sorted objects: [ManagedObject] = []) {
        var start = 0
        while start < objects.count {
            let end = min(start + Self.chunkSize, objects.count)
            chunks.append(Array(objects[start..<end]))
            start = end
        }
        count = objects.count
    }

    var all: [ManagedObject] { chunks.flatMap { $0 } }
    var first: ManagedObject? { chunks.first?.first }
    var last: ManagedObject? { chunks.last?.last }

    /// The first position whose object does not sort before the target (`before` says which do).
    func partition(_ before: (ManagedObject) -> Bool) -> (chunk: Int, offset: Int, rank: Int) {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if before(chunks[middle][chunks[middle].count - 1]) { low = middle + 1 } else { high = middle }
        }
        guard low < chunks.count else { return (max(0, chunks.count - 1), chunks.last?.count ?? 0, count) }
        let chunk = chunks[low]
        var (from, to) = (0, chunk.count)
        while from < to {
            let middle = (from + to) / 2
            if before(chunk[middle]) { from = middle + 1 } else { to = middle }
        }
        return (low, from, rank(ofChunk: low) + from)
    }

    /// The rank of `object`, found by its order, or by a scan if the order was broken.
    func rank(of object: ManagedObject, _ before: (ManagedObject) -> Bool) -> Int? {
        let found = partition(before)
        if found.chunk < chunks.count, found.offset < chunks[found.chunk].count, chunks[found.chunk][found.offset] === object {
            return found.rank
        }
        return all.firstIndex { $0 === object }
    }

    func object(at rank: Int) -> ManagedObject? {
        guard rank >= 0, rank < count else { return nil }
        var remaining = rank
        for chunk in chunks {
            if remaining < chunk.count { return chunk[remaining] }
            remaining -= chunk.count
        }
        return nil
    }

    mutating func insert(_ object: ManagedObject, _ before: (ManagedObject) -> Bool) {
        count += 1
        guard !chunks.isEmpty else {
            chunks = [[object]]
            return
        }
        let place = partition(before)
        chunks[place.chunk].insert(object, at: place.offset)
        if chunks[place.chunk].count > 2 * Self.chunkSize {
            let tail = Array(chunks[place.chunk][Self.chunkSize...])
            chunks[place.chunk].removeLast(tail.count)
            chunks.insert(tail, at: place.chunk + 1)
        }
    }

    mutating func remove(at rank: Int) {
        var remaining = rank
        for index in chunks.indices {
            if remaining < chunks[index].count {
                chunks[index].remove(at: remaining)
                if chunks[index].isEmpty { chunks.remove(at: index) }
                count -= 1
                return
            }
            remaining -= chunks[index].count
        }
    }

    private func rank(ofChunk index: Int) -> Int {
        var rank = 0
        for chunk in chunks[..<index] { rank += chunk.count }
        return rank
    }
}
