/// What references and peers need to know about their state after it may be gone, without
/// keeping it alive: whether it is still open, its main thread, and which registry slots to
/// free.
///
/// Deinitializers run wherever the last release happens, including inside a garbage
/// collection that Lua started in the middle of a stack operation, so they never touch the
/// Lua stack: they only queue the slot, and the state frees queued slots at its next call.
/// Everything here is read on every call, so the properties skip dynamic exclusivity
/// checks; they are only touched on the main actor.
@usableFromInline
final class LuaLifetime: @unchecked Sendable {
    @usableFromInline nonisolated(unsafe) let handle: OpaquePointer
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var isOpen = true
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var pendingReleases: [Int32] = []

    nonisolated init(handle: OpaquePointer) {
        self.handle = handle
    }

    nonisolated func release(_ ref: Int32) {
        if isOpen { pendingReleases.append(ref) }
    }
}
