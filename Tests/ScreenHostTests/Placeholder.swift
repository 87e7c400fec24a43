import Testing

@testable import ScreenHost
