import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.js'
import { cargarClinica } from './state/clinica.js'
import { vigilarHistorial } from './state/salida.js'
import './styles/base.css'
import './styles/shell.css'
import './styles/app.css'

vigilarHistorial()
void cargarClinica()
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
