import EventLoop
import LuaBridge
import ScreenKit

// The string options scripts write, read through the bridge's one option reader: a name
// that is not one of them is `invalid option 'x'` with the likely intended name or the list.

extension LineBreakMode: LuaEnumeration {}
extension Label.Alignment: LuaEnumeration {}
extension Window.Device: LuaEnumeration {}
extension Window.Orientation: LuaEnumeration {}
extension TouchPhase: LuaEnumeration {}
extension SwipeGestureRecognizer.Direction: LuaEnumeration {}
extension ControlEvent: LuaEnumeration {}
extension PageViewController.TransitionStyle: LuaEnumeration {}
extension PageViewController.NavigationOrientation: LuaEnumeration {}
extension PageViewController.SpineLocation: LuaEnumeration {}
extension PageViewController.NavigationDirection: LuaEnumeration {}
