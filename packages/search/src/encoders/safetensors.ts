import { TsiftError } from "@tsift/core";

export interface Tensor {
  dtype: string;
  shape: number[];
  /** Values converted to float32 (integers too, for mapping tensors). */
  data: Float32Array;
}

const BYTES: Record<string, number> = { F64: 8, F32: 4, F16: 2, BF16: 2, I64: 8, I32: 4, I16: 2, I8: 1, U8: 1 };

/**
 * Reads tensors from a `.safetensors` file: an 8-byte little-endian header length, a
 * JSON header `{name: {dtype, shape, data_offsets}}`, then the raw little-endian data.
 * Only the named tensors are decoded.
 */
export function readSafetensors(bytes: Buffer, names: readonly string[], file = "model.safetensors"): Map<string, Tensor> {
  const out = new Map<string, Tensor>();
  for (const [name, raw] of readRawTensors(bytes, names, file)) {
    out.set(name, { dtype: raw.dtype, shape: raw.shape, data: decodeTensor(raw.bytes, raw.dtype, raw.count) });
  }
  return out;
}

/** One tensor's undecoded little-endian bytes (a view into the file's buffer). */
export interface RawTensor {
  dtype: string;
  shape: number[];
  count: number;
  bytes: Buffer;
}

/** The named tensors' headers and raw bytes, checked like readSafetensors, decoded by nobody yet (see decodeTensor). */
export function readRawTensors(bytes: Buffer, names: readonly string[], file = "model.safetensors"): Map<string, RawTensor> {
  if (bytes.length < 8) throw invalid(file, "file is shorter than its header length");
  const headerLength = Number(bytes.readBigUInt64LE(0));
  if (headerLength <= 0 || 8 + headerLength > bytes.length) throw invalid(file, "header length points past the end of the file");
  let header: Record<string, { dtype: string; shape: number[]; data_offsets: [number, number] }>;
  try {
    header = JSON.parse(bytes.subarray(8, 8 + headerLength).toString("utf8")) as typeof header;
  } catch (error) {
    throw invalid(file, `header is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const base = 8 + headerLength;
  const out = new Map<string, RawTensor>();
  for (const name of names) {
    const entry = header[name];
    if (!entry || name === "__metadata__") continue;
    const width = BYTES[entry.dtype];
    if (width === undefined) throw invalid(file, `tensor ${name} has unsupported dtype ${entry.dtype}`);
    const [start, end] = entry.data_offsets;
    const count = entry.shape.reduce((a, b) => a * b, 1);
    if (end - start !== count * width || base + end > bytes.length) throw invalid(file, `tensor ${name} has inconsistent offsets`);
    out.set(name, { dtype: entry.dtype, shape: entry.shape, count, bytes: bytes.subarray(base + start, base + end) });
  }
  return out;
}

/** Every half-precision bit pattern's value: a lookup per element instead of the arithmetic. */
let halfTable: Float32Array | null = null;

export function halfValues(): Float32Array {
  if (!halfTable) {
    halfTable = new Float32Array(65536);
    for (let bits = 0; bits < 65536; bits++) halfTable[bits] = halfToFloat(bits);
  }
  return halfTable;
}

/** A raw tensor's values as float32 (integers too, for mapping tensors). */
export function decodeTensor(raw: Buffer, dtype: string, count: number): Float32Array {
  const out = new Float32Array(count);
  if (dtype === "F16") {
    const half = halfValues();
    for (let i = 0; i < count; i++) out[i] = half[raw[2 * i]! | (raw[2 * i + 1]! << 8)]!;
    return out;
  }
  for (let i = 0; i < count; i++) {
    switch (dtype) {
      case "F32":
        out[i] = raw.readFloatLE(i * 4);
        break;
      case "F64":
        out[i] = raw.readDoubleLE(i * 8);
        break;
      case "F16":
        out[i] = halfToFloat(raw.readUInt16LE(i * 2));
        break;
      case "BF16":
        out[i] = bfloat16ToFloat(raw.readUInt16LE(i * 2));
        break;
      case "I64":
        out[i] = Number(raw.readBigInt64LE(i * 8));
        break;
      case "I32":
        out[i] = raw.readInt32LE(i * 4);
        break;
      case "I16":
        out[i] = raw.readInt16LE(i * 2);
        break;
      case "I8":
        out[i] = raw.readInt8(i);
        break;
      default:
        out[i] = raw.readUInt8(i);
    }
  }
  return out;
}

export function halfToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

function bfloat16ToFloat(bits: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setUint32(0, bits << 16);
  return view.getFloat32(0);
}

function invalid(file: string, reason: string): TsiftError {
  return new TsiftError("corrupt_data", `${file}: not a valid safetensors file: ${reason}`, { details: { file } });
}
