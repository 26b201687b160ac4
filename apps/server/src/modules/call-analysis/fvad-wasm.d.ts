// The package ships JavaScript and its WebAssembly without types: the part of the Emscripten module
// the analysis calls (libfvad's C API over the module's heap).
declare module '@echogarden/fvad-wasm' {
  export type TFvadModule = {
    _fvad_new: () => number;
    _fvad_free: (handle: number) => void;
    _fvad_set_mode: (handle: number, mode: number) => number;
    _fvad_set_sample_rate: (handle: number, rate: number) => number;
    _fvad_process: (handle: number, frame: number, length: number) => number;
    _malloc: (bytes: number) => number;
    _free: (pointer: number) => void;
    HEAP16: Int16Array;
  };
  const fvad: (options?: { wasmBinary?: Uint8Array }) => Promise<TFvadModule>;
  export default fvad;
}
