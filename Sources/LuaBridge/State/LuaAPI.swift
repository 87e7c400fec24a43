import CLua
import LuaShim

// Swift stand-ins for lua.h's function-like macros, which Swift cannot import.

@inline(__always) nonisolated func lua_pop(_ L: OpaquePointer, _ n: Int32) { lua_settop(L, -n - 1) }
@inline(__always) nonisolated func lua_newtable(_ L: OpaquePointer) { lua_createtable(L, 0, 0) }
@inline(__always) nonisolated func lua_insert(_ L: OpaquePointer, _ index: Int32) { lua_rotate(L, index, 1) }
@inline(__always) nonisolated func lua_remove(_ L: OpaquePointer, _ index: Int32) {
    lua_rotate(L, index, -1)
    lua_pop(L, 1)
}
@inline(__always) nonisolated func lua_replace(_ L: OpaquePointer, _ index: Int32) {
    lua_copy(L, -1, index)
    lua_pop(L, 1)
}
@inline(__always) nonisolated func lua_isnoneornil(_ L: OpaquePointer, _ index: Int32) -> Bool { lua_type(L, index) <= 0 }

/// Pushes the registry value `ref` refers to. Stack: [-0, +1, -]
@inline(__always) nonisolated func lua_getref(_ L: OpaquePointer, _ ref: Int32) {
    lua_rawgeti(L, lsh_registryindex, lua_Integer(ref))
}

/// Pops the top value into the registry and returns its reference. Stack: [-1, +0, -]
@inline(__always) nonisolated func lua_makeref(_ L: OpaquePointer) -> Int32 {
    luaL_ref(L, lsh_registryindex)
}

/// Pushes a Swift string's UTF-8 bytes, embedded zeros included. Stack: [-0, +1, -]
@inline(__always) nonisolated func lua_pushswiftstring(_ L: OpaquePointer, _ string: String) {
    var string = string
    string.withUTF8 { buffer in
        buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
    }
}

/// The string at `index` (which must be a string or a number) as Swift text; invalid UTF-8 is repaired.
@inline(__always) nonisolated func lua_swiftstring(_ L: OpaquePointer, _ index: Int32) -> String? {
    var length = 0
    guard let bytes = lua_tolstring(L, index, &length) else { return nil }
    return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
}
