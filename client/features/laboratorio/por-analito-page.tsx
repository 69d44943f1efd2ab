// Placeholder until the screen lands in the next commit.
export default function Pagina() {
  return <div className="page" />
}
