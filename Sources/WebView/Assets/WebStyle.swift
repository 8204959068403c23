/// The one stylesheet, served from the binary at `path`: large type for a music stand a metre
/// away, dark text on white (contrast over 7:1, green and red over 4.5:1). Phone first: one
/// column, nothing wider than the screen (the staff and the charts scale to it; a table's rows
/// are cards under 800 px, and a table wider than its box scrolls in it), every control at
/// least 2.75rem (44 px and more) tall; the form's labels beside their fields from 600 px, the
/// live screen in two columns in landscape from 700 px, the progress page's charts side by
/// side from 900 px.
public enum WebStyle {
    public static let path = "/static/web.css"

    public static let css = """
        :root{--fg:#111;--bg:#fff;--muted:#444;--right:#0b6b1f;--wrong:#b3131b;--line:#bbb;font-family:system-ui,sans-serif;font-size:clamp(18px,2.6vw + 8px,30px);line-height:1.35;color:var(--fg);background:var(--bg)}
        body{margin:0;padding:0 .8rem 2rem}
        header{display:flex;flex-wrap:wrap;gap:0 .6rem;align-items:center;border-bottom:1px solid var(--line);padding:.2rem 0}
        .brand{font-weight:700}
        #link{font-size:.8rem;padding:.1rem .5rem;border-radius:1rem;border:1px solid var(--line)}
        #link[data-state=away]{background:#fff3c4;border-color:#8a6d00}
        nav{margin-left:auto;display:flex;flex-wrap:wrap;gap:0 .8rem}
        nav a{display:inline-flex;align-items:center;min-height:2.75rem}
        a{color:#0a3fa8}
        a[aria-current]{font-weight:700;text-decoration:none;color:var(--fg)}
        h1{font-size:1.6rem;margin:.4rem 0}
        h2{font-size:1.2rem;margin:1rem 0 .4rem}
        .top{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:.5rem}
        .clock{font-variant-numeric:tabular-nums;font-size:1.2rem;margin:0}
        .question,.detail,.last,.progress{margin:.3rem 0}
        .question{font-size:1.3rem}
        progress{width:50%;height:1rem;vertical-align:middle}
        .last.right strong,.judged .right{color:var(--right)}
        .last.wrong strong,.judged .wrong{color:var(--wrong)}
        .judged{list-style:none;padding:0;margin:.3rem 0;display:flex;flex-wrap:wrap;gap:.4rem;min-height:1.6rem}
        .judged li{font-weight:700;border:2px solid currentColor;border-radius:.4rem;padding:0 .35rem}
        .counts{display:flex;flex-wrap:wrap;gap:.4rem 1.4rem;margin:.5rem 0}
        .counts dl{margin:0}
        .counts dt{font-size:.75rem;color:var(--muted)}
        .counts dd{margin:0;font-size:1.4rem;font-weight:700;font-variant-numeric:tabular-nums}
        .staff{margin:.5rem 0}
        .answer{margin:.5rem 0}
        .answer svg{display:block;width:100%;max-width:640px;height:auto}
        .answer.right figcaption{color:var(--right)}
        .answer.wrong figcaption{color:var(--wrong)}
        .answer .legend{color:var(--muted)}
        .staff svg{width:100%;height:auto;max-height:55vh}
        .controls{display:flex;gap:.6rem;flex-wrap:wrap;margin:.8rem 0}
        button,select,input{font:inherit;min-height:2.75rem;max-width:100%}
        button{padding:.3rem 1.2rem;border:2px solid var(--fg);border-radius:.5rem;background:#f2f2f2;color:var(--fg)}
        button:focus-visible,a:focus-visible,select:focus-visible,input:focus-visible{outline:3px solid #0a3fa8;outline-offset:2px}
        .start{display:flex;flex-direction:column;gap:.8rem;max-width:40rem}
        .start button{align-self:flex-start}
        .field{display:flex;flex-direction:column;gap:.2rem;min-width:0;margin:0;padding:0;border:0}
        .field>select,.field>input{width:100%;box-sizing:border-box}
        .field small{font-size:.75rem;color:var(--muted)}
        legend{padding:0}
        input[type=checkbox]{width:1.4rem;height:1.4rem;min-height:0;margin:0;flex:none}
        .check label,.chip{display:flex;align-items:center;gap:.5rem;min-height:2.75rem;box-sizing:border-box}
        .check label{font-size:.8rem}
        .chips{display:flex;flex-wrap:wrap;gap:.4rem}
        .chip{padding:0 .6rem;border:2px solid var(--line);border-radius:.5rem}
        .chip:has(:checked){border-color:#0a3fa8;background:#e3ebfb}
        .group{margin:.3rem 0 .1rem;font-size:.75rem;color:var(--muted)}
        @media (min-width:600px){div.field{display:grid;grid-template-columns:11rem minmax(0,1fr);column-gap:.8rem;align-items:center}div.field small{grid-column:2}}
        .note{color:var(--muted)}
        .table{overflow-x:auto;max-width:100%}
        @media (max-width:799px){.table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}.table table,.table tbody{display:block}.table tr{display:flex;flex-wrap:wrap;gap:.2rem 1.2rem;padding:.4rem 0;border-bottom:1px solid var(--line)}.table th[scope=row]{flex-basis:100%;padding:0;border:0}.table td{padding:0;border:0;text-align:left}.table td::before{content:attr(data-label);display:block;color:var(--muted)}}
        table{border-collapse:collapse;font-size:max(.7rem,15px)}
        th,td{padding:.2rem .5rem;border-bottom:1px solid var(--line);text-align:right}
        th[scope=row],thead th:first-child{text-align:left}
        h3{font-size:1.05rem;margin:1rem 0 .2rem}
        .picker{display:flex;flex-wrap:wrap;gap:.5rem .8rem;align-items:center;margin:.5rem 0}
        .chart{margin:.4rem 0 .8rem}
        .chart svg{display:block;width:100%;max-width:640px;height:auto}
        .chart text{fill:var(--fg);font-variant-numeric:tabular-nums}
        .chart .track{fill:#e6e6e6}
        .chart .bar,.chart .point{fill:#0a3fa8}
        .chart .line{stroke:#0a3fa8}
        .chart .axis{stroke:var(--line)}
        figcaption{font-size:.75rem;color:var(--muted)}
        details{margin:.2rem 0 1rem}
        summary{min-height:2.75rem;padding:.5rem 0;box-sizing:border-box;cursor:pointer}
        .button{display:inline-block;padding:.3rem 1.2rem;border:2px solid var(--fg);border-radius:.5rem;background:#f2f2f2;color:var(--fg);text-decoration:none;line-height:2rem}
        @media (min-width:900px){.charts{display:grid;grid-template-columns:1fr 1fr;column-gap:1.2rem}}
        .sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
        [hidden]{display:none!important}
        .tuner{margin:.6rem 0}.tuner p{margin:0 0 .2rem}.tuner svg{display:block;width:100%;max-width:24rem;height:2.2rem}.tuner .scale{fill:#f2f2f2}.tuner .band{fill:#cfe8cf}.tuner .centre{stroke:var(--fg);stroke-width:1px}
        .tuner .needle{stroke-width:4px}.tuner .needle.right{stroke:var(--right)}.tuner .needle.wrong{stroke:var(--wrong)}.reading.right{color:var(--right)}.reading.wrong{color:var(--wrong)}
        @media (orientation:landscape) and (min-width:700px){#live{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.2fr);column-gap:1.2rem}#live>*{grid-column:1}#live>.top{grid-column:1/3}#live>.staff{grid-column:2;grid-row:2/span 6;align-self:start}}

        """
}
