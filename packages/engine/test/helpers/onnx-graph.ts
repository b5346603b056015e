// A few lines over onnx-proto for writing ONNX graphs by hand: float and int64 tensors, nodes
// with int/ints/float attributes, float or int32 inputs, and the model wrapper with metadata.
// Only what the stand-in diarization and SenseVoice models and the random-weight SenseVoice-small
// need; not a general ONNX writer. Float tensors go in as raw little-endian bytes (ONNX's
// raw_data), which keeps a model of a billion bytes one buffer instead of a list of numbers.
import onnxProto from "onnx-proto";

const { onnx } = onnxProto;

type Attribute = number | number[];

/** One node: op type, inputs, one output, attributes (integers, integer lists, floats). */
export interface NodeSpec {
  op: string;
  inputs: string[];
  output: string;
  attributes?: Record<string, Attribute>;
  /** Float attributes (ONNX distinguishes FLOAT from INT; plain numbers above are INT). */
  floatAttributes?: Record<string, number>;
}

/** A constant baked into the graph: float32 unless `int64` (shapes for Reshape, say). */
export interface Initializer {
  name: string;
  dims: number[];
  values: number[] | Float32Array;
  int64?: boolean;
}

/** A graph input or output: a tensor (float unless said) whose dims are numbers or names. */
export interface ValueSpec {
  name: string;
  dims: (number | string)[];
  elemType?: "float" | "int32";
}

export interface GraphSpec {
  name: string;
  inputs: ValueSpec[];
  outputs: ValueSpec[];
  initializers: Initializer[];
  nodes: NodeSpec[];
  metadata: Record<string, string | number>;
  opset: number;
}

function valueInfo(spec: ValueSpec): onnxProto.onnx.IValueInfoProto {
  return {
    name: spec.name,
    type: {
      tensorType: {
        elemType:
          spec.elemType === "int32"
            ? onnx.TensorProto.DataType.INT32
            : onnx.TensorProto.DataType.FLOAT,
        shape: {
          dim: spec.dims.map((d) => (typeof d === "number" ? { dimValue: d } : { dimParam: d })),
        },
      },
    },
  };
}

function attribute(name: string, value: Attribute): onnxProto.onnx.IAttributeProto {
  return Array.isArray(value)
    ? { name, type: onnx.AttributeProto.AttributeType.INTS, ints: value }
    : { name, type: onnx.AttributeProto.AttributeType.INT, i: value };
}

/** Float32 values as raw_data: little-endian bytes (this machine's order; checked below). */
function floatBytes(values: number[] | Float32Array): Uint8Array {
  if (new Uint8Array(new Float32Array([1]).buffer)[3] !== 0x3f) {
    throw new Error("onnx-graph writes raw_data in the machine's byte order: little-endian only");
  }
  const floats = values instanceof Float32Array ? values : Float32Array.from(values);
  return new Uint8Array(floats.buffer, floats.byteOffset, floats.byteLength);
}

/** Serialises `spec` as an ONNX ModelProto (IR version 7, default domain at `opset`). */
export function encodeOnnxModel(spec: GraphSpec): Uint8Array {
  const nodes = spec.nodes.map((node, index) => ({
    name: `${node.op}_${index}`,
    opType: node.op,
    input: node.inputs,
    output: [node.output],
    attribute: [
      ...Object.entries(node.attributes ?? {}).map(([k, v]) => attribute(k, v)),
      ...Object.entries(node.floatAttributes ?? {}).map(([k, f]) => ({
        name: k,
        type: onnx.AttributeProto.AttributeType.FLOAT,
        f,
      })),
    ],
  }));
  const model: onnxProto.onnx.IModelProto = {
    irVersion: 7,
    producerName: "verbatim-test-stand-in",
    opsetImport: [{ domain: "", version: spec.opset }],
    graph: {
      name: spec.name,
      node: nodes,
      input: spec.inputs.map(valueInfo),
      output: spec.outputs.map(valueInfo),
      initializer: spec.initializers.map((init) =>
        init.int64
          ? {
              name: init.name,
              dims: init.dims,
              dataType: onnx.TensorProto.DataType.INT64,
              int64Data: Array.from(init.values),
            }
          : {
              name: init.name,
              dims: init.dims,
              dataType: onnx.TensorProto.DataType.FLOAT,
              rawData: floatBytes(init.values),
            },
      ),
    },
    metadataProps: Object.entries(spec.metadata).map(([key, value]) => ({
      key,
      value: String(value),
    })),
  };
  return onnx.ModelProto.encode(onnx.ModelProto.fromObject(model)).finish();
}
