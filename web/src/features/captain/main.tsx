import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CaptainApp } from './CaptainApp';
import '../../styles/index.css';
import './captain.css';

/** The captain portal's own entry (captain.html): none of the fleet screens are loaded here. */
const root = document.getElementById('root');
if (!root) throw new Error('captain.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <CaptainApp />
  </StrictMode>,
);
