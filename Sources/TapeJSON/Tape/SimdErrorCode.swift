import CSimdShim

/// simdjson's error code, as the shim returns it.
struct SimdErrorCode: Error, Equatable {
    let rawValue: Int32
    init(_ raw: Int32) { rawValue = raw }
    init(_ raw: Int) { rawValue = Int32(raw) }

    var message: String { String(cString: tj_error_message(rawValue)) }

    static let capacity = SimdErrorCode(Int(TJ_CAPACITY))
    static let depth = SimdErrorCode(Int(TJ_DEPTH_ERROR))
    static let memalloc = SimdErrorCode(Int(TJ_MEMALLOC))
    static let empty = SimdErrorCode(Int(TJ_EMPTY))
    static let number = SimdErrorCode(Int(TJ_NUMBER_ERROR))
    static let numberOutOfRange = SimdErrorCode(Int(TJ_NUMBER_OUT_OF_RANGE))
}
