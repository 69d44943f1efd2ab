// The part of dcmjs's API codificar.ts and its tests use (the package ships no types).
declare module 'dcmjs' {
  interface EntradaDiccionario {
    tag: string
    vr: string
    name: string
  }

  interface RepresentacionValor {
    maxLength?: number | null
    rangeMatchingMaxLength?: number
  }

  const dcmjs: {
    data: {
      DicomMetaDictionary: {
        nameMap: Record<string, EntradaDiccionario>
        naturalizeDataset(dataset: Record<string, unknown>): Record<string, unknown>
      }
      ValueRepresentation: { createByTypeString(vr: string): RepresentacionValor }
      DicomMessage: {
        readFile(
          buffer: ArrayBuffer,
          opciones?: Record<string, unknown>,
        ): { dict: Record<string, unknown> }
      }
    }
  }
  export default dcmjs
}
