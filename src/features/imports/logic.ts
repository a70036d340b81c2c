// The import page's machine with the app's real actors (src/api). Tests and stories hand their own
// (the same machine with a fake back end) through ImportLogicContext.
import { createContext, useContext } from 'react'
import {
  cancelImport,
  downloadReport,
  getImport,
  loadSkipped,
  previewImport,
  runImport,
  uploadImport,
} from '../../../machines/import/import.actors'
import { importMachine } from '../../../machines/import/import.machine'

export const appImportLogic = importMachine.provide({
  actors: { uploadImport, previewImport, runImport, getImport, cancelImport, loadSkipped, downloadReport },
})

export const ImportLogicContext = createContext<typeof importMachine>(appImportLogic)
export const useImportLogic = () => useContext(ImportLogicContext)
